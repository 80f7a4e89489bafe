<#--
  Named hooks of functions.json ("hook": "<name>"): code a role cannot express, added before the
  translation starts or just before the function returns. Keep this list short; the dictionary loader
  accepts only the names handled here (FunctionsFile.KNOWN_HOOKS).
    load_runtime  - functions an application may call before MPI_Init: load the runtime library if
                    the constructor did not (the application dlopen'ed its MPI library).
    type_contents - MPI_Type_get_contents: the integers of subarray and darray types hold order and
                    distribution constants, which depend on the combiner.
-->
<#macro before f>
<#if (f.hook!"") == "load_runtime">
    wi_runtime_ensure();
</#if>
</#macro>

<#macro after f>
<#if (f.hook!"") == "type_contents" && !pair.identity>
    if (wi_ret == R_MPI_SUCCESS)
        wi_type_contents_r2a(r_datatype, max_integers, array_of_integers);
</#if>
</#macro>
