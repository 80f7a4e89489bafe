<#--
  Named hooks of functions.json ("hook": "<name>"): code a role cannot express, added before the
  translation starts, just before the runtime call or just before the function returns. The hooks, what
  each does and the arguments each reads are listed once, in dictionaries/hooks.json; the dictionary
  loader accepts only those names, on functions that have those arguments. Keep the list short.
-->
<#macro before f>
<#if (f.hook!"") == "type_contents">
    if (datatype != A_MPI_DATATYPE_NULL) {
        /* Only as many datatypes as the type has are asked for: Open MPI 4.1 retains max_datatypes
         * entries of the output array, whatever they hold (natively too), and the entries past the
         * type's would be converted back. */
        int wi_ni, wi_na, wi_nd, wi_combiner;
        if (R_PMPI_Type_get_envelope(wi_datatype_a2r(datatype), &wi_ni, &wi_na, &wi_nd, &wi_combiner) == R_MPI_SUCCESS
            && wi_nd >= 0 && wi_nd < max_datatypes)
            max_datatypes = wi_nd;
    }
</#if>
<#if (f.hook!"") == "errhandler_free">
    if (errhandler != NULL && wi_cxx_throw_exceptions(*errhandler)) { /* not a runtime object: nothing to free */
        *errhandler = A_MPI_ERRHANDLER_NULL;
        return A_MPI_SUCCESS;
    }
</#if>
<#if (f.hook!"") == "error_class">
    if (wi_error_class_lacking(errorcode)) { /* a class of the application's ABI alone is its own class */
        *errorclass = errorcode;
        return A_MPI_SUCCESS;
    }
</#if>
<#if ((f.hook!"") == "anytime" || (f.hook!"") == "error_class" || (f.hook!"") == "lacking_error_string")>
<#assign served = f.name?remove_beginning("MPI_")>
    if (WI_UNLIKELY(!wi_lifecycle_active()) && wi_lifecycle_served(WI_LIFECYCLE_${served?upper_case})) /* before MPI_Init or after MPI_Finalize */
        return wi_lifecycle_${served?lower_case}(${f.args?map(a -> a.name)?join(", ")});
</#if>
<#if (f.hook!"") == "finalize">
    wi_lifecycle_finalizing();
    if (wi_substitute_count > 0)
        wi_substitutes_finalizing(); /* the datatypes made for predefined ones (wi_substitutes.h) */
</#if>
<#if (f.hook!"") == "info_lifecycle" && f.name == "MPI_Info_create">
    if (WI_UNLIKELY(!wi_lifecycle_active()) && info != NULL && wi_info_detached_now()) { /* wi_info_detached.h */
        wi_word wi_made;
        int wi_detached_rc = wi_info_detached_create(&wi_made);
        *info = wi_info_r2a((R_MPI_Info)(uintptr_t)wi_made);
        return wi_detached_rc;
    }
</#if>
<#if (f.hook!"") == "info_lifecycle" && f.name == "MPI_Info_free">
    if (WI_UNLIKELY(wi_info_detached_any()) && info != NULL) {
        wi_word wi_detached = wi_info_rword(wi_info_a2r(*info));
        if (wi_info_detached_is(wi_detached)) { /* never used once the runtime was initialized */
            int wi_detached_rc = wi_info_detached_free(wi_detached);
            wi_handle_forget(WI_KIND_INFO, WI_WORD_OF(*info));
            *info = A_MPI_INFO_NULL;
            return wi_detached_rc;
        }
    }
</#if>
<#if (f.hook!"") == "request_free">
    if (WI_UNLIKELY(wi_pending_any()))
        wi_pending_abandon(wi_request_a2r(*request));
</#if>
<#if (f.hook!"") == "grequest_start">
    extra_state = wi_grequest_wrap((void *)query_fn, (void *)free_fn, (void *)cancel_fn, extra_state);
</#if>
<#if (f.hook!"") == "datarep_register">
    extra_state = wi_datarep_wrap((void *)read_conversion_fn, (void *)write_conversion_fn,
                                  (void *)dtype_file_extent_fn, extra_state);
</#if>
<#if (f.hook!"") == "load_runtime">
    wi_runtime_ensure();
</#if>
<#if (f.hook!"") == "substitute_name">
    if (WI_UNLIKELY(wi_substitute_count > 0) && type_name != NULL && resultlen != NULL) {
        const char *wi_name = wi_substitute_name(WI_KIND_DATATYPE, WI_WORD_OF(datatype));
        if (wi_name != NULL) { /* a predefined datatype the runtime lacks: the application's name */
            *resultlen = wi_copy_string(type_name, A_MPI_MAX_OBJECT_NAME, wi_name);
            return A_MPI_SUCCESS;
        }
    }
</#if>
</#macro>

<#-- After the arguments are converted, just before the runtime call. -->
<#macro before_call f>
<#if ["substitute_named", "type_contents", "type_contents_c"]?seq_contains(f.hook!"")>
<#assign dt = f.args?filter(a -> a.name == "datatype")?first>
<#if dt.pointer>
    if (WI_UNLIKELY(wi_substitute_count > 0) && datatype != NULL
        && wi_substitute_derived(WI_KIND_DATATYPE, WI_WORD_OF(*datatype)))
        r_datatype_before = r_datatype = R_MPI_INT; /* a named datatype to the application (wi_substitutes.h) */
<#else>
    if (WI_UNLIKELY(wi_substitute_count > 0) && wi_substitute_derived(WI_KIND_DATATYPE, WI_WORD_OF(datatype)))
        r_datatype = R_MPI_INT; /* a named datatype to the application (wi_substitutes.h) */
</#if>
</#if>
<#if (f.hook!"") == "request_free">
    if (WI_UNLIKELY(wi_composite_any()) && request != NULL) /* a request made of several (wi_composite.h) */
        wi_composite_abandon(r_request);
</#if>
<#if ((f.hook!"") == "complete_wait" || (f.hook!"") == "complete_test")>
<#assign rq = f.args?filter(a -> a.completesPending())?first>
<#assign wait = ((f.hook!"") == "complete_wait")?then("1", "0")>
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
</#if>
<#if (f.hook!"") == "errhandler_set">
    r_errhandler = wi_cxx_throw_a2r(errhandler, WI_CXX_KIND_${f.args[0].name?upper_case}, r_errhandler);
</#if>
<#if (f.hook!"") == "info_shadow">
    if (WI_UNLIKELY(wi_info_detached_any()) && wi_info_detached_is(wi_info_rword(r_info))) { /* wi_info_detached.h */
<#if f.name == "MPI_Info_dup">
        wi_word wi_made;
        int wi_detached_rc = wi_info_detached_dup(wi_info_rword(r_info), &wi_made);
        if (newinfo != NULL)
            *newinfo = wi_info_r2a((R_MPI_Info)(uintptr_t)wi_made);
<#else>
        int wi_detached_rc = wi_info_detached_${f.name?remove_beginning("MPI_Info_")}(wi_info_rword(r_info)<#list f.args[1..] as a>, ${a.name}</#list>);
</#if>
        wi_in_w = 0;
        return wi_detached_rc;
    }
</#if>
<#if (f.hook!"") == "info_shadow" && f.name != "MPI_Info_dup">
    int wi_shadow_rc = R_MPI_SUCCESS;
    if (wi_info_shadow_${f.name?remove_beginning("MPI_Info_")}(r_info<#list f.args[1..] as a>, ${a.name}</#list>, &wi_shadow_rc)) {
        int wi_shadow_result = wi_error_r2a(wi_shadow_rc); /* answered by the layer (wi_info_shadow.h) */
        wi_in_w = 0;
        return wi_shadow_result;
    }
</#if>
<#if ((f.hook!"") == "object_name" || (f.hook!"") == "substitute_name") && f.name?ends_with("_get_name")>
<#assign object = f.args[0]>
    if (wi_object_name_get(WI_KIND_${object.table?upper_case}, wi_${object.table}_rword(r_${object.name}), ${f.args[1].name}, ${f.args[2].name})) {
        wi_in_w = 0; /* longer than the runtime keeps (wi_object_names.h) */
        return A_MPI_SUCCESS;
    }
</#if>
<#if (f.hook!"") == "split_type">
<#list pair.tables.guidedSets?filter(g -> g.role == "split_type") as g>
    R_MPI_Info wi_made_info = R_MPI_INFO_NULL;
    r_split_type = wi_guided_a2r(&wi_split_type_guided, split_type, r_split_type, &r_info, &wi_made_info);
</#list>
</#if>
</#macro>

<#macro after f>
<#if (f.hook!"") == "finalize">
    if (wi_ret == R_MPI_SUCCESS)
        wi_lifecycle_finalized();
</#if>
<#if (f.hook!"") == "info_shadow" && f.name == "MPI_Info_dup">
    if (WI_UNLIKELY(wi_info_shadow_any()) && wi_ret == R_MPI_SUCCESS) /* the copy has the entries the runtime lacks */
        wi_info_shadow_dup(r_info, r_newinfo);
</#if>
<#if (f.hook!"") == "object_name" && f.name?ends_with("_set_name")>
<#assign object = f.args[0]>
    if (wi_ret == R_MPI_SUCCESS) /* longer than the runtime keeps: kept whole (wi_object_names.h) */
        wi_object_name_set(WI_KIND_${object.table?upper_case}, wi_${object.table}_rword(r_${object.name}), ${f.args[1].name});
</#if>
<#if (f.hook!"") == "call_errhandler">
    wi_error_cxx_handled_forget(); /* the handler ran for this call, which succeeds anyway */
</#if>
<#if (f.hook!"") == "split_type">
<#list pair.tables.guidedSets?filter(g -> g.role == "split_type") as g>
    wi_guided_release(&wi_made_info);
</#list>
</#if>
<#if (f.hook!"") == "errhandler_get">
    if (wi_ret == R_MPI_SUCCESS && errhandler != NULL)
        *errhandler = wi_cxx_throw_r2a(r_errhandler, *errhandler);
</#if>
<#if (f.hook!"") == "grequest_start">
    if (wi_ret != R_MPI_SUCCESS)
        wi_grequest_discard(extra_state);
</#if>
<#if (f.hook!"") == "datarep_register">
    if (wi_ret != R_MPI_SUCCESS)
        wi_datarep_discard(extra_state);
</#if>
<#if (f.hook!"") == "win_attr">
    if (wi_ret == R_MPI_SUCCESS && *flag)
        wi_win_attr_r2a(r_win_keyval, attribute_val);
</#if>
<#if (f.hook!"") == "user_error_code">
    if (wi_ret == R_MPI_SUCCESS)
        *${f.args?last.name} = wi_error_user_created(*${f.args?last.name});
</#if>
<#if (f.hook!"") == "lacking_error_string">
    if (wi_ret == R_MPI_SUCCESS)
        wi_lacking_error_string(r_errorcode, string, A_MPI_MAX_ERROR_STRING, resultlen);
</#if>
<#if (f.hook!"") == "comm_attr">
    if (wi_ret == R_MPI_SUCCESS && *flag)
        wi_comm_attr_r2a(r_comm_keyval, attribute_val);
</#if>
<#if (f.hook!"") == "type_contents_c">
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
</#if>
<#if (f.hook!"") == "type_contents">
    if (wi_ret == R_MPI_SUCCESS)
        wi_type_contents_r2a(r_datatype, max_integers, array_of_integers);
</#if>
</#macro>

<#-- The C function a translated call calls: the runtime's, or one of runtime-c's in its place. -->
<#function callee f target>
<#if (f.hook!"") == "complete_some">
<#return "(WI_UNLIKELY(wi_composite_any()) ? wi_composite_" + f.name?remove_beginning("MPI_")?lower_case + " : " + target + ")">
</#if>
<#return target>
</#function>
