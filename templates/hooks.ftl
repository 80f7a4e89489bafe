<#--
  Named hooks of functions.json ("hook": "<name>"): code a role cannot express, added before the
  translation starts, just before the runtime call or just before the function returns. The hooks, what
  each does, the arguments each reads and the parameters each binds are listed once, in
  dictionaries/hooks.json; the dictionary loader accepts only those names, on functions that have those
  arguments. A hook's code names an argument by a name hooks.json declares ("arguments") or through
  the parameter it binds (f.hook.parameters.<parameter>, "parameters"); it never tests a function's
  name. Each macro has one case per hook it has code for. Keep the list short.
-->
<#macro before f>
<#local hook = (f.hook.name)!"">
<#switch hook>
<#case "type_contents">
    if (datatype != A_MPI_DATATYPE_NULL) {
        /* Only as many datatypes as the type has are asked for: Open MPI 4.1 retains max_datatypes
         * entries of the output array, whatever they hold (natively too), and the entries past the
         * type's would be converted back. */
        int wi_ni, wi_na, wi_nd, wi_combiner;
        if (R_PMPI_Type_get_envelope(wi_datatype_a2r(datatype), &wi_ni, &wi_na, &wi_nd, &wi_combiner) == R_MPI_SUCCESS
            && wi_nd >= 0 && wi_nd < max_datatypes)
            max_datatypes = wi_nd;
    }
<#break>
<#case "errhandler_free">
    if (errhandler != NULL && wi_cxx_throw_exceptions(*errhandler)) { /* not a runtime object: nothing to free */
        *errhandler = A_MPI_ERRHANDLER_NULL;
        return A_MPI_SUCCESS;
    }
<#break>
<#case "error_class">
    if (wi_error_class_lacking(errorcode)) { /* a class of the application's ABI alone is its own class */
        *errorclass = errorcode;
        return A_MPI_SUCCESS;
    }
<@served f "ERROR_CLASS" "error_class"/>
<#break>
<#case "anytime_wtime">
<@served f "WTIME" "wtime"/>
<#break>
<#case "anytime_wtick">
<@served f "WTICK" "wtick"/>
<#break>
<#case "lacking_error_string">
<@served f "ERROR_STRING" "error_string"/>
<#break>
<#case "finalize">
    wi_lifecycle_finalizing();
    if (wi_substitute_count > 0)
        wi_substitutes_finalizing(); /* the datatypes made for predefined ones (wi_substitutes.h) */
<#break>
<#case "info_create_detached">
    if (WI_UNLIKELY(!wi_lifecycle_active()) && info != NULL && wi_info_detached_now()) { /* wi_info_detached.h */
        wi_word wi_made;
        int wi_detached_rc = wi_info_detached_create(&wi_made);
        *info = wi_info_r2a((R_MPI_Info)(uintptr_t)wi_made);
        return wi_detached_rc;
    }
<#break>
<#case "info_free_detached">
    if (WI_UNLIKELY(wi_info_detached_any()) && info != NULL) {
        wi_word wi_detached = wi_info_rword(wi_info_a2r(*info));
        if (wi_info_detached_is(wi_detached)) { /* never used once the runtime was initialized */
            int wi_detached_rc = wi_info_detached_free(wi_detached);
            wi_handle_forget(WI_KIND_INFO, WI_WORD_OF(*info));
            *info = A_MPI_INFO_NULL;
            return wi_detached_rc;
        }
    }
<#break>
<#case "request_free">
    if (WI_UNLIKELY(wi_pending_any()))
        wi_pending_abandon(wi_request_a2r(*request));
<#break>
<#case "grequest_start">
    extra_state = wi_grequest_wrap((void *)query_fn, (void *)free_fn, (void *)cancel_fn, extra_state);
<#break>
<#case "datarep_register">
    extra_state = wi_datarep_wrap((void *)read_conversion_fn, (void *)write_conversion_fn,
                                  (void *)dtype_file_extent_fn, extra_state);
<#break>
<#case "load_runtime">
    wi_runtime_ensure();
<#break>
<#case "substitute_name">
    if (WI_UNLIKELY(wi_substitute_count > 0) && type_name != NULL && resultlen != NULL) {
        const char *wi_name = wi_substitute_name(WI_KIND_DATATYPE, WI_WORD_OF(datatype));
        if (wi_name != NULL) { /* a predefined datatype the runtime lacks: the application's name */
            *resultlen = wi_copy_string(type_name, A_MPI_MAX_OBJECT_NAME, wi_name);
            return A_MPI_SUCCESS;
        }
    }
<#break>
</#switch>
</#macro>

<#-- A call wi4mpi answers outside the runtime's init-finalize interval (wi_lifecycle.h): the served
     function's WI_LIFECYCLE_ constant and wi_lifecycle_ function. -->
<#macro served f constant function>
    if (WI_UNLIKELY(!wi_lifecycle_active()) && wi_lifecycle_served(WI_LIFECYCLE_${constant})) /* before MPI_Init or after MPI_Finalize */
        return wi_lifecycle_${function}(${f.args?map(a -> a.name)?join(", ")});
</#macro>

<#-- After the arguments are converted, just before the runtime call. -->
<#macro before_call f>
<#local hook = (f.hook.name)!"">
<#switch hook>
<#case "substitute_named">
<#case "type_contents">
<#case "type_contents_c">
<#local dt = f.args?filter(a -> a.name == "datatype")?first>
<#if dt.pointer>
    if (WI_UNLIKELY(wi_substitute_count > 0) && datatype != NULL
        && wi_substitute_derived(WI_KIND_DATATYPE, WI_WORD_OF(*datatype)))
        r_datatype_before = r_datatype = R_MPI_INT; /* a named datatype to the application (wi_substitutes.h) */
<#else>
    if (WI_UNLIKELY(wi_substitute_count > 0) && wi_substitute_derived(WI_KIND_DATATYPE, WI_WORD_OF(datatype)))
        r_datatype = R_MPI_INT; /* a named datatype to the application (wi_substitutes.h) */
</#if>
<#break>
<#case "request_free">
    if (WI_UNLIKELY(wi_composite_any()) && request != NULL) /* a request made of several (wi_composite.h) */
        wi_composite_abandon(r_request);
<#break>
<#case "complete_wait">
<@settle f "1"/>
<#break>
<#case "complete_test">
<@settle f "0"/>
<#break>
<#case "errhandler_set">
<#local object = f.hook.parameters.object>
    r_errhandler = wi_cxx_throw_a2r(errhandler, WI_CXX_KIND_${object.table?upper_case}, r_errhandler);
<#break>
<#case "info_shadow_dup">
    if (WI_UNLIKELY(wi_info_detached_any()) && wi_info_detached_is(wi_info_rword(r_info))) { /* wi_info_detached.h */
        wi_word wi_made;
        int wi_detached_rc = wi_info_detached_dup(wi_info_rword(r_info), &wi_made);
        if (newinfo != NULL)
            *newinfo = wi_info_r2a((R_MPI_Info)(uintptr_t)wi_made);
        wi_in_w = 0;
        return wi_detached_rc;
    }
<#break>
<#case "info_shadow_set">
<@info_shadow f "set"/>
<#break>
<#case "info_shadow_get">
<@info_shadow f "get"/>
<#break>
<#case "info_shadow_get_valuelen">
<@info_shadow f "get_valuelen"/>
<#break>
<#case "info_shadow_get_string">
<@info_shadow f "get_string"/>
<#break>
<#case "info_shadow_get_nkeys">
<@info_shadow f "get_nkeys"/>
<#break>
<#case "info_shadow_get_nthkey">
<@info_shadow f "get_nthkey"/>
<#break>
<#case "info_shadow_delete">
<@info_shadow f "delete"/>
<#break>
<#case "object_name_get">
<#case "substitute_name">
<#local p = f.hook.parameters>
    if (wi_object_name_get(WI_KIND_${p.object.table?upper_case}, wi_${p.object.table}_rword(r_${p.object.name}), ${p.name.name}, ${p.resultlen.name})) {
        wi_in_w = 0; /* longer than the runtime keeps (wi_object_names.h) */
        return A_MPI_SUCCESS;
    }
<#break>
<#case "split_type">
<#list pair.tables.guidedSets?filter(g -> g.role == "split_type") as g>
    R_MPI_Info wi_made_info = R_MPI_INFO_NULL;
    r_split_type = wi_guided_a2r(&wi_split_type_guided, split_type, r_split_type, &r_info, &wi_made_info);
</#list>
<#break>
</#switch>
</#macro>

<#-- The parts of the requests made of several (wi_composite.h) are waited for (wait "1") or tested
     first: the argument of role request. -->
<#macro settle f wait>
<#local rq = f.args?filter(a -> a.completesPending())?first>
<#if rq.array>
    if (WI_UNLIKELY(wi_composite_any()) && ${rq.name} != NULL) /* requests made of several (wi_composite.h) */
        wi_composite_settle(r_${rq.name}, r_${rq.name}_n, ${wait});
<#elseif rq.pointer>
    if (WI_UNLIKELY(wi_composite_any()) && ${rq.name} != NULL) /* a request made of several (wi_composite.h) */
        wi_composite_settle(&r_${rq.name}, 1, ${wait});
<#else>
    if (WI_UNLIKELY(wi_composite_any())) /* a request made of several (wi_composite.h) */
        wi_composite_settle(&r_${rq.name}, 1, ${wait});
</#if>
</#macro>

<#-- An MPI_Info_* call on an info of wi4mpi's (wi_info_detached.h), or on one holding entries the
     runtime cannot (wi_info_shadow.h), answered by the layer's function of the operation; the
     arguments after the info are passed on. -->
<#macro info_shadow f operation>
<#local further><#list f.hook.further as a>, ${a.name}</#list></#local>
    if (WI_UNLIKELY(wi_info_detached_any()) && wi_info_detached_is(wi_info_rword(r_info))) { /* wi_info_detached.h */
        int wi_detached_rc = wi_info_detached_${operation}(wi_info_rword(r_info)${further});
        wi_in_w = 0;
        return wi_detached_rc;
    }
    int wi_shadow_rc = R_MPI_SUCCESS;
    if (wi_info_shadow_${operation}(r_info${further}, &wi_shadow_rc)) {
        int wi_shadow_result = wi_error_r2a(wi_shadow_rc); /* answered by the layer (wi_info_shadow.h) */
        wi_in_w = 0;
        return wi_shadow_result;
    }
</#macro>

<#macro after f>
<#local hook = (f.hook.name)!"">
<#switch hook>
<#case "finalize">
    if (wi_ret == R_MPI_SUCCESS)
        wi_lifecycle_finalized();
<#break>
<#case "info_shadow_dup">
    if (WI_UNLIKELY(wi_info_shadow_any()) && wi_ret == R_MPI_SUCCESS) /* the copy has the entries the runtime lacks */
        wi_info_shadow_dup(r_info, r_newinfo);
<#break>
<#case "object_name_set">
<#local p = f.hook.parameters>
    if (wi_ret == R_MPI_SUCCESS) /* longer than the runtime keeps: kept whole (wi_object_names.h) */
        wi_object_name_set(WI_KIND_${p.object.table?upper_case}, wi_${p.object.table}_rword(r_${p.object.name}), ${p.name.name});
<#break>
<#case "call_errhandler">
    wi_error_cxx_handled_forget(); /* the handler ran for this call, which succeeds anyway */
<#break>
<#case "split_type">
<#list pair.tables.guidedSets?filter(g -> g.role == "split_type") as g>
    wi_guided_release(&wi_made_info);
</#list>
<#break>
<#case "errhandler_get">
    if (wi_ret == R_MPI_SUCCESS && errhandler != NULL)
        *errhandler = wi_cxx_throw_r2a(r_errhandler, *errhandler);
<#break>
<#case "grequest_start">
    if (wi_ret != R_MPI_SUCCESS)
        wi_grequest_discard(extra_state);
<#break>
<#case "datarep_register">
    if (wi_ret != R_MPI_SUCCESS)
        wi_datarep_discard(extra_state);
<#break>
<#case "win_attr">
    if (wi_ret == R_MPI_SUCCESS && *flag)
        wi_win_attr_r2a(r_win_keyval, attribute_val);
<#break>
<#case "user_error_class">
<#case "user_error_code">
<#local created = f.hook.parameters.created>
    if (wi_ret == R_MPI_SUCCESS)
        *${created.name} = wi_error_user_created(*${created.name});
<#break>
<#case "lacking_error_string">
    if (wi_ret == R_MPI_SUCCESS)
        wi_lacking_error_string(r_errorcode, string, A_MPI_MAX_ERROR_STRING, resultlen);
<#break>
<#case "comm_attr">
    if (wi_ret == R_MPI_SUCCESS && *flag)
        wi_comm_attr_r2a(r_comm_keyval, attribute_val);
<#break>
<#case "type_contents_c">
    if (wi_ret == R_MPI_SUCCESS) {
        R_MPI_Count wi_ni, wi_na, wi_nc, wi_nd;
        int wi_combiner;
        if (R_PMPI_Type_get_envelope_c(r_datatype, &wi_ni, &wi_na, &wi_nc, &wi_nd, &wi_combiner) == R_MPI_SUCCESS) {
            if (wi_nc == 0)
                wi_type_contents_r2a(r_datatype, max_integers < INT_MAX ? (int)max_integers : INT_MAX, array_of_integers);
            else
                wi_type_contents_large_r2a(wi_combiner, max_integers, array_of_integers);
        }
    }
<#break>
<#case "type_contents">
    if (wi_ret == R_MPI_SUCCESS)
        wi_type_contents_r2a(r_datatype, max_integers, array_of_integers);
<#break>
</#switch>
</#macro>

<#-- The C function a translated call calls: the runtime's, or one of runtime-c's in its place. -->
<#function callee f target>
<#switch (f.hook.name)!"">
<#case "complete_waitany">
<#return "(WI_UNLIKELY(wi_composite_any()) ? wi_composite_waitany : " + target + ")">
<#case "complete_waitsome">
<#return "(WI_UNLIKELY(wi_composite_any()) ? wi_composite_waitsome : " + target + ")">
</#switch>
<#return target>
</#function>
