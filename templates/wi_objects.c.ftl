<#import "banner.ftl" as b>
<@b.banner template="wi_objects.c.ftl"/>
/*
 * The application family's data objects, at the vendor's sizes. Binaries hold COPY relocations for
 * them (Open MPI's predefined handles are their addresses); a size mismatch would make the dynamic
 * loader warn, and a missing one would fail the link at load time.
 */
<#if pair.exportedObjects?has_content>
<#list pair.exportedObjects as o>
__attribute__((visibility("default"), aligned(64))) unsigned char ${o.symbol}[${o.size?c}];
</#list>
<#else>
/* Identity pair: the real library provides them. */
typedef int wi_objects_none;
</#if>
