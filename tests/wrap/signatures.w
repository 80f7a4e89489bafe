# signatures.w: generated with -s (no preamble, no C comment handling: not C), a table of every function
# the generator knows but MPI_Pcontrol, one line each: name, return type, number of arguments, argument
# types, argument names. Comparing the tables of two generators compares their function sets and
# prototypes; the test names every difference it accepts.
# Covers: -s, forallfn, ret_type, nargs, types, args, and a comment style that -s leaves as plain text:
# // and /* */ here are text, so the macro below them is expanded.
{{forallfn name MPI_Pcontrol}}// {{name}}|{{ret_type}}|{{nargs}}|{{types}}|{{args}}
{{endforallfn}}
