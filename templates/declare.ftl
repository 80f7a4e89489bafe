<#-- C declarations from types and names (the descriptors' and the dictionaries' spellings). -->
<#-- A declaration of name as type, pointers to arrays (int (*)[3]) included. -->
<#function declare type name>
<#if type?contains("(*)")><#return type?keep_before("(*)") + "(*" + name + ")" + type?keep_after("(*)")></#if>
<#return type?ends_with("*")?then(type + name, type + " " + name)>
</#function>
<#-- A parameter list of {name, type} parameters: "void" for none, "..." for the variadic one. -->
<#function params list>
<#local out = []>
<#list list as p><#local out = out + [(p.type == "...")?then("...", declare(p.type, p.name))]></#list>
<#return out?has_content?then(out?join(", "), "void")>
</#function>
