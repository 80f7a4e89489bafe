<#--
  Named hooks of functions.json ("hook": "<name>"): code a role cannot express, added before the
  translation starts or just before the function returns. Keep this list short.
    load_runtime - functions an application may call before MPI_Init loads the runtime library
                   if the constructor did not (the application dlopen'ed its MPI library).
-->
<#macro before f>
<#if (f.hook!"") == "load_runtime">
    wi_runtime_ensure();
</#if>
</#macro>

<#macro after f>
</#macro>
