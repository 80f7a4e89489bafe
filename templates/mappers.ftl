<#--
  One macro per mapper kind of mappers.json and phase of an A_ function:
    before  - declare the runtime temporary and convert the application value (a2r)
    arg     - the expression passed to the runtime function
    after   - convert the runtime result back (r2a)
  Scalars are handled before arrays in both phases, so that array lengths can use converted scalars.
  `a` is an ArgView: a.kind the mapper kind, a.types both spellings of its type, a.length the C sizes
  of an array, a.translation what its kind needs (handle table, callback family, string_out max and
  result length, status delivery flag); temporaries are named r_<argument>.
-->
<#function len a>
  <#return "wi_len(" + a.length.capacity + ")">
</#function>

<#-- Elements to convert back: the allocated count unless the function reports fewer (*outcount),
     never more than were allocated. -->
<#function cnt a>
  <#return (a.length.count == a.length.capacity)?then(a.temp() + "_n", "wi_len_within(" + a.length.count + ", " + a.temp() + "_n)")>
</#function>

<#-- The runtime value of the object a call creates (FunctionView.created) as a wi_word. -->
<#function createdWord c>
<#if c.kind == "handle"><#return "wi_" + c.translation.table + "_rword(" + c.temp() + ")"></#if>
<#return "(wi_word)(uint32_t)" + c.temp()>
</#function>

<#-- "a" or "an" before an argument's name, in messages. -->
<#function article name>
  <#return name?matches("[aeiou].*")?then("an", "a")>
</#function>

<#-- Prefix of the conversion of *a: a pointer passed as NULL is not read. -->
<#function nullOr a>
  <#return a.nullPassedOn()?then(a.name + " == NULL ? 0 : ", "")>
</#function>

<#macro before a f>
<#local t = a.temp()>
<#if a.narrowing == "absent">
<#if !a.writes() || a.array>
    (void)${a.name}; /* the runtime's ${f.runtimeName} has no such argument */
</#if>
<#return>
</#if>
<#switch a.kind>
<#case "passthrough">
<#if a.narrowing == "pointer">
    int ${t} = <#if a.reads()>${a.name} == NULL ? 0 : (int)*${a.name}; /* range-checked on entry */<#else>0;</#if>
<#elseif a.narrowing == "array">
    const int ${t}_n = ${len(a)};
    int *${t} = wi_scratch_alloc(sizeof(int) * (${t}_n > 0 ? ${t}_n : 1));
<#if a.unusedIfInPlace??>
    /* ignored by MPI when ${a.unusedIfInPlace} is MPI_IN_PLACE: then not even read */
    if (${a.name} != NULL && (const void *)${a.unusedIfInPlace} != (const void *)A_MPI_IN_PLACE)
<#else>
    if (${a.name} != NULL)
</#if>
    for (int wi_i = 0; wi_i < ${t}_n; wi_i++) {
        if (WI_UNLIKELY(${a.name}[wi_i] < INT_MIN || ${a.name}[wi_i] > INT_MAX))
            wi_beyond = "${f.name} with ${article(a.name)} ${a.name} entry beyond the int range";
        ${t}[wi_i] = (int)${a.name}[wi_i];
    }
</#if>
<#break>
<#case "int_constants">
<#case "bitmask">
<#if a.array>
    const int ${t}_n = ${len(a)};
    int *${t} = wi_scratch_alloc(sizeof(int) * ${t}_n);
<#if a.reads()>
<#if a.nullPassedOn()>
    if (${a.name} != NULL)
</#if>
    for (int wi_i = 0; wi_i < ${t}_n; wi_i++)
        ${t}[wi_i] = wi_${a.role}_a2r(${a.name}[wi_i]);
<#else>
    for (int wi_i = 0; wi_i < ${t}_n; wi_i++) /* entries the runtime leaves alone stay as they are */
        ${t}[wi_i] = WI_UNSET_INT;
</#if>
<#elseif a.pointer && a.types.runtimeElement != "int">
<#-- A wider integer (MPI_Count): the constants are ints, so only values in int range can be one. -->
    ${a.types.runtimeElement} ${t} = <#if a.reads()>${nullOr(a)}(*${a.name} >= INT_MIN && *${a.name} <= INT_MAX) ? wi_${a.role}_a2r((int)*${a.name}) : *${a.name}<#else>WI_UNSET_OF(${a.types.runtimeElement})</#if>;
<#elseif a.pointer>
    int ${t} = <#if a.reads()>${nullOr(a)}wi_${a.role}_a2r(*${a.name})<#else>WI_UNSET_INT</#if>;
<#else>
    int ${t} = wi_${a.role}_a2r(${a.name});
</#if>
<#break>
<#case "handle">
<#if a.array>
    const int ${t}_n = ${len(a)};
    ${a.types.runtimeElement} *${t} = wi_scratch_alloc(sizeof(${a.types.runtimeElement}) * ${t}_n);
<#if a.writes() && a.reads()>
    ${a.types.runtimeElement} *${t}_before = wi_scratch_alloc(sizeof(${a.types.runtimeElement}) * ${t}_n);
<#elseif a.writes()>
    for (int wi_i = 0; wi_i < ${t}_n; wi_i++) /* entries the runtime leaves alone stay as they are */
        ${t}[wi_i] = WI_UNSET_OF(${a.types.runtimeElement});
</#if>
<#if a.reads()>
<#if a.unusedIfInPlace??>
    /* ignored by MPI when ${a.unusedIfInPlace} is MPI_IN_PLACE: then not even read */
    if (<#if a.nullPassedOn()>${a.name} != NULL && </#if>(const void *)${a.unusedIfInPlace} != (const void *)A_MPI_IN_PLACE)
<#elseif a.nullPassedOn()>
    if (${a.name} != NULL)
</#if>
    for (int wi_i = 0; wi_i < ${t}_n; wi_i++) {
        ${t}[wi_i] = wi_${a.translation.table}_a2r(${a.name}[wi_i]);
<#if a.writes()>
        ${t}_before[wi_i] = ${t}[wi_i];
<#if a.completesPending()>
        if (WI_UNLIKELY(wi_pending_any())) /* this call may complete an MPI_Comm_idup (wi_pending.h) */
            wi_pending_claim(${t}[wi_i], &${a.name}[wi_i]);
</#if>
</#if>
    }
</#if>
<#elseif a.pointer>
    ${a.types.runtimeElement} ${t} = <#if a.reads()>${nullOr(a)}wi_${a.translation.table}_a2r(*${a.name})<#else>WI_UNSET_OF(${a.types.runtimeElement})</#if>;
<#if a.reads() && a.writes()>
    ${a.types.runtimeElement} ${t}_before = ${t};
<#if a.completesPending()>
    if (WI_UNLIKELY(wi_pending_any()) && ${a.name} != NULL) /* this call may complete an MPI_Comm_idup (wi_pending.h) */
        wi_pending_claim(${t}, ${a.name});
</#if>
</#if>
<#elseif a.unusedIfInPlace??>
    /* ignored by MPI when ${a.unusedIfInPlace} is MPI_IN_PLACE: then not converted (it may be anything) */
    ${a.types.runtime} ${t} = (const void *)${a.unusedIfInPlace} == (const void *)A_MPI_IN_PLACE
        ? R_MPI_${a.translation.table?upper_case}_NULL : wi_${a.translation.table}_a2r(${a.name});
<#else>
    ${a.types.runtime} ${t} = wi_${a.translation.table}_a2r(${a.name});
</#if>
<#break>
<#case "pending_handle">
    ${a.types.runtimeElement} *${t} = wi_pending_${a.translation.table}_slot(${a.name});
<#break>
<#case "status">
<#if a.array>
    const int ${t}_n = ${len(a)};
    R_MPI_Status *${t} = ((const void *)${a.name} == (const void *)A_MPI_STATUSES_IGNORE)
        ? (R_MPI_Status *)R_MPI_STATUSES_IGNORE
        : wi_scratch_alloc(sizeof(R_MPI_Status) * ${t}_n);
    if (${t} != (R_MPI_Status *)R_MPI_STATUSES_IGNORE)
        for (int wi_i = 0; wi_i < ${t}_n; wi_i++)
            wi_status_prepare(&${t}[wi_i]);
<#else>
    R_MPI_Status ${t}_storage;
    R_MPI_Status *${t} = ((const void *)${a.name} == (const void *)A_MPI_STATUS_IGNORE)
        ? (R_MPI_Status *)R_MPI_STATUS_IGNORE : &${t}_storage;
    if (${t} == &${t}_storage) /* the storage itself, not ${t}: GCC's bounds check follows the other branch */
<#if a.reads()>
        wi_status_a2r(${a.name}, &${t}_storage);
<#else>
        wi_status_prepare(&${t}_storage);
</#if>
</#if>
<#break>
<#case "error_code">
<#if a.array>
    const int ${t}_n = ${len(a)};
    int *${t} = ((const void *)${a.name} == (const void *)A_MPI_ERRCODES_IGNORE)
        ? (int *)R_MPI_ERRCODES_IGNORE
        : wi_scratch_alloc(sizeof(int) * (${t}_n > 0 ? ${t}_n : 1));
    /* entries the runtime leaves alone keep the application's value */
    if (${t} != (int *)R_MPI_ERRCODES_IGNORE)
        for (int wi_i = 0; wi_i < ${t}_n; wi_i++)
            ${t}[wi_i] = WI_ERRCODE_UNSET;
<#elseif a.pointer>
    int ${t} = <#if a.reads()>${nullOr(a)}wi_error_a2r(*${a.name})<#else>WI_ERRCODE_UNSET</#if>;
<#else>
    int ${t} = wi_error_a2r(${a.name});
</#if>
<#break>
<#case "string_out">
    char ${t}[R_${a.translation.max} + 2];
    ${t}[0] = WI_UNSET_CHAR; /* "\xA5" then NUL: what no runtime writes, so an unwritten string is seen */
    ${t}[1] = '\0';
<#break>
<#case "callback">
    void *${t} = wi_callback_${a.translation.family}_a2r((void *)${a.name});
<#break>
<#default>
</#switch>
</#macro>

<#function arg a f>
<#local t = a.temp()>
<#local shared = sharedArray(a, f)>
<#if shared?has_content><#return shared></#if>
<#switch a.kind>
<#case "passthrough">
<#if a.narrowing == "pointer"><#return "(" + a.name + " == NULL ? NULL : &" + t + ")"></#if>
<#if a.narrowing == "array"><#return "(" + a.name + " == NULL ? NULL : " + t + ")"></#if>
<#return "(" + a.types.runtime + ")" + a.name>
<#case "pointer_constants"><#return "(" + a.types.runtime + ")wi_" + a.role + "_a2r(" + a.name + ")">
<#case "int_constants">
<#case "bitmask">
<#case "handle">
<#case "error_code">
<#if a.array><#return a.nullPassedOn()?then("(" + a.name + " == NULL ? NULL : " + t + ")", t)></#if>
<#return a.pointer?then(a.nullPassedOn()?then("(" + a.name + " == NULL ? NULL : &" + t + ")", "&" + t), t)>
<#case "status"><#return "(" + a.types.runtime + ")" + t>
<#case "pending_handle"><#return t>
<#case "string_out"><#return t>
<#case "callback"><#return "(" + a.types.runtime + ")" + t>
</#switch>
<#return a.name>
</#function>

<#-- A handle array passed twice (Alltoallw's sendtypes and recvtypes) reaches the runtime as one
     array too: MPICH detects aliased buffers only when both type arrays are the same pointer. -->
<#function sharedArray a f>
<#if !(a.kind == "handle" && a.array && a.reads() && !a.writes())><#return ""></#if>
<#list f.args as b>
<#if b.name == a.name><#return ""></#if>
<#if b.kind == "handle" && b.array && b.reads() && !b.writes() && (b.translation.table!"") == (a.translation.table!"")>
<#local converted = b.unusedIfInPlace???then(" && (const void *)" + b.unusedIfInPlace + " != (const void *)A_MPI_IN_PLACE", "")>
<#local shared = "(" + a.name + " == " + b.name + converted + " ? " + b.temp() + " : " + a.temp() + ")">
<#return a.nullPassedOn()?then("(" + a.name + " == NULL ? NULL : " + shared + ")", shared)>
</#if>
</#list>
<#return "">
</#function>

<#macro after a f>
<#local t = a.temp()>
<#if a.kind == "callback">
<#if f.created??>
    if (wi_ret == R_MPI_SUCCESS)
        wi_callback_${a.translation.family}_created((void *)${a.name}, ${createdWord(f.created)});
</#if>
<#return>
</#if>
<#if !a.writes()><#return></#if>
<#if a.nullPassedOn()>
    if (${a.name} != NULL) {
</#if>
<#switch a.kind>
<#case "passthrough">
<#if a.narrowing == "pointer">
    if (${a.name} != NULL && wi_ret == R_MPI_SUCCESS)
        *${a.name} = ${t};
<#elseif a.narrowing == "absent" && !a.array>
    if (${a.name} != NULL && wi_ret == R_MPI_SUCCESS) /* the runtime's ${f.runtimeName} has none */
        *${a.name} = 0;
</#if>
<#break>
<#case "int_constants">
<#case "bitmask">
<#if a.array>
    for (int wi_i = 0, wi_n = ${cnt(a)}; wi_i < wi_n; wi_i++)
<#if a.reads()>
        ${a.name}[wi_i] = wi_${a.role}_r2a(${t}[wi_i]);
<#else>
        if (${t}[wi_i] != WI_UNSET_INT)
            ${a.name}[wi_i] = wi_${a.role}_r2a(${t}[wi_i]);
</#if>
<#elseif a.types.runtimeElement != "int">
<#if !a.reads()>
    if (${t} != WI_UNSET_OF(${a.types.runtimeElement})) /* a call that produced nothing leaves the output alone */
<#else>
    {
</#if>
        *${a.name} = (${t} >= INT_MIN && ${t} <= INT_MAX) ? wi_${a.role}_r2a((int)${t}) : ${t};
<#if a.reads()>
    }
</#if>
<#elseif a.reads()>
    *${a.name} = wi_${a.role}_r2a(${t});
<#else>
    if (${t} != WI_UNSET_INT) /* a call that produced nothing leaves the output alone */
        *${a.name} = wi_${a.role}_r2a(${t});
</#if>
<#break>
<#case "handle">
<#if a.array>
<#if a.reads()>
    for (int wi_i = 0, wi_n = ${cnt(a)}; wi_i < wi_n; wi_i++)
        wi_${a.translation.table}_update(&${a.name}[wi_i], ${t}_before[wi_i], ${t}[wi_i]);
<#else>
    if (wi_ret == R_MPI_SUCCESS)
        for (int wi_i = 0, wi_n = ${cnt(a)}; wi_i < wi_n; wi_i++)
            if (${t}[wi_i] != WI_UNSET_OF(${a.types.runtimeElement}))
                ${a.name}[wi_i] = wi_${a.translation.table}_r2a(${t}[wi_i]);
</#if>
<#elseif a.reads()>
    wi_${a.translation.table}_update(${a.name}, ${t}_before, ${t});
<#else>
    /* not written by the runtime (a failed call, or one that produced nothing): left alone */
    if (${t} != WI_UNSET_OF(${a.types.runtimeElement})) {
        if (wi_ret == R_MPI_SUCCESS)
            *${a.name} = wi_${a.translation.table}_r2a(${t});
        else if (${t} == R_MPI_${a.translation.table?upper_case}_NULL) /* a failed call that says so (MPI_Comm_dup) */
            *${a.name} = A_MPI_${a.translation.table?upper_case}_NULL;
    }
</#if>
<#break>
<#case "pending_handle">
<#list f.args?filter(x -> x.kind == "handle" && x.completesPending() && x.writes()) as r>
    wi_pending_commit(${t}, wi_ret == R_MPI_SUCCESS, ${r.temp()});
</#list>
<#break>
<#case "status">
<#-- Whether the call says it delivered the statuses: success, and its flag true where it has one. -->
<#local flag = a.translation.deliveredFlag!"">
<#local delivered = "wi_ret == R_MPI_SUCCESS" + flag?has_content?then(" && " + flag + " != NULL && *" + flag, "")>
<#if a.array>
    if (${t} != (R_MPI_Status *)R_MPI_STATUSES_IGNORE)
        for (int wi_i = 0, wi_n = ${cnt(a)}; wi_i < wi_n; wi_i++)
            wi_status_r2a_delivered(&${t}[wi_i], &${a.name}[wi_i], ${delivered});
<#else>
    if (${t} == &${t}_storage)
        wi_status_r2a_delivered(${t}, ${a.name}, ${delivered});
</#if>
<#break>
<#case "error_code">
<#if a.array>
    if (${t} != (int *)R_MPI_ERRCODES_IGNORE)
        for (int wi_i = 0, wi_n = ${cnt(a)}; wi_i < wi_n; wi_i++)
            if (${t}[wi_i] != WI_ERRCODE_UNSET)
                ${a.name}[wi_i] = wi_error_r2a(${t}[wi_i]);
<#elseif a.reads()>
    *${a.name} = wi_error_r2a(${t});
<#else>
    if (${t} != WI_ERRCODE_UNSET)
        *${a.name} = wi_error_r2a(${t});
</#if>
<#break>
<#case "string_out">
    if (wi_ret == R_MPI_SUCCESS && !(${t}[0] == WI_UNSET_CHAR && ${t}[1] == '\0')) {
        int wi_n = wi_copy_string(${a.name}, A_${a.translation.max}, ${t});
<#if a.translation.resultLength??>
        *${a.translation.resultLength} = wi_n;
<#else>
        (void)wi_n;
</#if>
    }
<#break>
<#default>
</#switch>
<#if a.nullPassedOn()>
    }
</#if>
</#macro>
