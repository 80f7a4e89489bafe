package org.wi4mpi.gen.render;

import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.dict.Dictionaries;

import java.util.List;
import java.util.stream.Stream;

/**
 * Computes the {@link PairModel} of one pair from the application and runtime descriptors, one
 * builder per part: types, constants, constant tables, handles, functions.
 */
public final class PairModelBuilder {

    private final AbiDescriptor app;
    private final AbiDescriptor run;
    private final Dictionaries dict;

    public PairModelBuilder(AbiDescriptor app, AbiDescriptor run, Dictionaries dict) {
        this.app = app;
        this.run = run;
        this.dict = dict;
    }

    public PairModel build() {
        boolean identity = app.family().equals(run.family());
        List<HandleKind> kinds = HandleKind.ofPair(app, run, dict);
        ConstantsBuilder constants = new ConstantsBuilder(app, run, dict);
        // Any of the application family's MPI libraries shows an MPI application: a Fortran program
        // may load only the Fortran one (preload mode's fake libraries depend on nothing). Not Open
        // MPI's libopen-rte/libopen-pal: its launcher and daemons load those too.
        List<String> applicationSonames = Stream.concat(Stream.of(app.libraries().c()),
                app.libraries().fake().stream().filter(so -> so.startsWith("libmpi"))).distinct().toList();
        return new PairModel(app.family(), run.family(), identity, applicationSonames, TypesBuilder.build(app, run),
                constants.constants(), new ConstantTablesBuilder(app, run, dict).build(), constants.exports(),
                new HandlesBuilder(app, run, dict).build(kinds), new FunctionsBuilder(app, run, dict, kinds).build());
    }
}
