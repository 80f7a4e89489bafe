/* describe.w: a PMPI tool that records, as C strings, what the .w macros expanded to in its wrappers, and
   writes them at MPI_Finalize to describe-rank<R>.txt (one file per rank, so that ranks never cut into
   each other's lines). Comparing those files compares the expansions; the program's own results show the
   wrappers pass every call through. Generated together with describe_second.w (two input files at once).

   Covers, with describe_second.w: fn with several names, foreachfn, forallfn (with an exclusion), callfn,
   the loop variable, ret_val and returnVal, ret_type and retType, nargs, args and argList, formals and
   argTypeList, types, list indexing ({{args 0}}, {{types 1}}), get_arg and {{N}}, applyToType and
   apply_to_type, def (and a loop nested in a wrapper, shadowing a definition of the wrapper), list,
   filter, zip, sub (a regular expression with a group, and over a list), fn_num, fileno, quoted
   arguments with spaces.
   This comment holds macro names between double braces: in C mode comments are left unexpanded, so the
   generator must copy them as they are (an expansion would fail on {{no_such_macro}}).
*/
// The same in a line comment: {{no_such_macro}} {{fn_num}}
#include <stdio.h>
#include <string.h>

static char describe_log[1 << 16];
static size_t describe_length;

static void describe(const char *line)
{
    size_t n = strlen(line);
    if (describe_length + n + 2 < sizeof describe_log) {
        memcpy(describe_log + describe_length, line, n);
        describe_length += n;
        describe_log[describe_length++] = '\n';
    }
}

/* The integer arguments of each wrapped call are added up through applyToType. */
static long describe_int_sum;
static void add_int(int value)
{
    describe_int_sum += value;
}

/* MPI_Comm arguments seen through apply_to_type: how many were MPI_COMM_WORLD. */
static int describe_world_seen;
static void note_comm(MPI_Comm comm)
{
    if (comm == MPI_COMM_WORLD)
        describe_world_seen++;
}

{{fn fn_name MPI_Send MPI_Recv MPI_Bcast MPI_Allreduce MPI_Sendrecv}}
    static int seen;
    {{applyToType int add_int}}
    {{apply_to_type MPI_Comm note_comm}}
    {{callfn}}
    {{def scope_name wrapper}}
    {{def greeting "hello, wrapped world"}}
    if (!seen) {
        seen = 1;
        describe("{{fn_name}} ret_type={{ret_type}} retType={{retType}} nargs={{nargs}} ret_val={{ret_val}} returnVal={{returnVal}}");
        describe("{{fn_name}} args={{args}} argList={{argList}}");
        describe("{{fn_name}} first={{args 0}} second={{1}} third={{get_arg 2}} fourth={{3}}");
        describe("{{fn_name}} types={{types}} second_type={{types 1}}");
        describe("{{fn_name}} formals={{formals}} first_formal={{formals 0}}");
        describe("{{fn_name}} argTypeList={{argTypeList}}");
        describe("{{fn_name}} handle_types={{filter '^MPI_' {{types}}}}");
        describe("{{fn_name}} zip={{zip {{args}} {{args}}}}");
        describe("{{fn_name}} list={{list first {{args}} last}}");
        {{def picked {{list alpha beta gamma}}}}
        describe("{{fn_name}} picked={{picked}} picked1={{picked 1}}");
        describe("{{fn_name}} sub={{sub {{fn_name}} 'MPI_(\w+)' 'PMPI_\1'}} subs={{sub {{args}} '^' 'arg_'}}");
        describe("{{fn_name}} quoted={{greeting}} fn_num={{fn_num}} fileno={{fileno}}");
        /* A loop nested in the wrapper: its own loop variable and declaration, the outer ones still seen,
           its own definition shadowing the outer one only inside it. */
{{foreachfn inner MPI_Barrier MPI_Comm_size}}
        {{def scope_name nested}}
        describe("{{fn_name}} nested {{inner}} nargs={{nargs}} args={{args}} scope={{scope_name}} greeting={{greeting}}");
{{endforeachfn}}
        describe("{{fn_name}} after nesting nargs={{nargs}} scope={{scope_name}}");
    }
{{endfn}}

/* Names that forallfn, all functions but MPI_Send, went over: the set differs between the generators,
   so only its answers for a few names are recorded. */
static int describe_forallfn_has(const char *name)
{
{{forallfn other MPI_Send}}    if (strcmp(name, "{{other}}") == 0) return 1;
{{endforallfn}}    return 0;
}

/* foreachfn: one row per listed function, no wrapper. */
static const char *describe_rows[] = {
{{foreachfn row MPI_Barrier MPI_Comm_rank MPI_Comm_size}}    "{{row}}/{{nargs}}/{{ret_type}}/{{fn_num}}/{{formals}}",
{{endforeachfn}}    NULL
};
