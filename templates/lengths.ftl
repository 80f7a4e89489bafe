<#--
  The element count of an array argument (functions.json "length", dict/LengthExpression) as a C
  expression. Both layers render it here, each with its own spelling of the values it reads:

  value      what precedes an int argument's name to read its value (C: the argument itself;
             Fortran: every argument arrives by reference)
  pointee    what precedes a pointer argument's name to read what it points to
  converted  the prefix of the converted temporary of a communicator or root argument
             (C: r_, the runtime's; Fortran: a_, the application's C handle)
  root       what precedes the root argument's name in @root_peers (C: its converted temporary)
  and the C function each communicator form calls.
-->
<#assign c = {"value": "", "pointee": "*", "converted": "r_", "root": "r_",
    "comm_size": "wi_comm_size_r", "comm_remote_size": "wi_comm_remote_size_r", "comm_peers": "wi_comm_peers_r",
    "comm_degree": "wi_comm_degree_r", "root_peers": "wi_root_peers_r", "sum": "wi_sum"}>
<#assign fortran = {"value": "*", "pointee": "*", "converted": "a_", "root": "*",
    "comm_size": "wi_f_comm_size", "comm_remote_size": "wi_f_comm_remote_size", "comm_peers": "wi_f_comm_peers",
    "comm_degree": "wi_f_comm_degree", "root_peers": "wi_f_root_peers", "sum": "wi_sum"}>
<#function expression e s>
<#switch e.form>
<#case "ARGUMENT"><#return "(" + s.value + e.argument + ")">
<#case "DEREFERENCED_ARGUMENT"><#return "(" + s.pointee + e.argument + ")">
<#case "COMM_SIZE"><#return s.comm_size + "(" + s.converted + e.argument + ")">
<#case "COMM_REMOTE_SIZE"><#return s.comm_remote_size + "(" + s.converted + e.argument + ")">
<#case "COMM_PEERS"><#return s.comm_peers + "(" + s.converted + e.argument + ")">
<#case "COMM_INDEGREE"><#return s.comm_degree + "(" + s.converted + e.argument + ", 0)">
<#case "COMM_OUTDEGREE"><#return s.comm_degree + "(" + s.converted + e.argument + ", 1)">
<#case "ROOT_PEERS"><#return s.root_peers + "(" + s.converted + e.argument + ", " + s.root + e.count + ")">
<#case "FIXED"><#return "(" + e.fixed?c + ")">
<#case "SUM"><#return s.sum + "(" + e.argument + ", " + s.value + e.count + ")">
</#switch>
<#stop "lengths.ftl: no spelling for the length form " + e.form>
</#function>
<#-- The same, written out. -->
<#macro length e s>${expression(e, s)}</#macro>
