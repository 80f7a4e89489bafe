package org.wi4mpi.gen.render;

import freemarker.cache.FileTemplateLoader;
import freemarker.cache.MultiTemplateLoader;
import freemarker.cache.StringTemplateLoader;
import freemarker.cache.TemplateLoader;
import freemarker.template.Configuration;
import freemarker.template.TemplateException;
import freemarker.template.TemplateExceptionHandler;
import org.junit.jupiter.api.Test;
import org.wi4mpi.gen.dict.LengthExpression;

import java.io.IOException;
import java.io.StringWriter;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** templates/lengths.ftl: every length form in the C translation's and the Fortran layer's spelling. */
class LengthsTemplateTest {

    private static String render(String text, String spelling) throws IOException, TemplateException {
        StringTemplateLoader probe = new StringTemplateLoader();
        probe.putTemplate("probe.ftl", "<#import \"lengths.ftl\" as l>${l.expression(e, l." + spelling + ")}|<@l.length e l."
                + spelling + "/>");
        Configuration config = new Configuration(Configuration.VERSION_2_3_33);
        config.setTemplateLoader(new MultiTemplateLoader(new TemplateLoader[] {probe,
                new FileTemplateLoader(RepositoryPaths.templates().toFile())}));
        config.setTemplateExceptionHandler(TemplateExceptionHandler.RETHROW_HANDLER);
        StringWriter w = new StringWriter();
        config.getTemplate("probe.ftl").process(Map.of("e", LengthExpression.of(text)), w);
        String[] both = w.toString().split("\\|");
        assertEquals(both[0], both[1], "the macro writes what the function returns");
        return both[0];
    }

    @Test
    void theTranslationReadsArgumentsAndTheRuntimesCommunicator() throws Exception {
        assertEquals("(count)", render("count", "c"));
        assertEquals("(*outcount)", render("*outcount", "c"));
        assertEquals("wi_comm_size_r(r_comm)", render("@comm_size(comm)", "c"));
        assertEquals("wi_comm_remote_size_r(r_intercomm)", render("@comm_remote_size(intercomm)", "c"));
        assertEquals("wi_comm_peers_r(r_comm)", render("@comm_peers(comm)", "c"));
        assertEquals("wi_comm_degree_r(r_comm, 0)", render("@comm_indegree(comm)", "c"));
        assertEquals("wi_comm_degree_r(r_comm, 1)", render("@comm_outdegree(comm)", "c"));
        assertEquals("wi_root_peers_r(r_comm, r_root)", render("@root_peers(comm, root)", "c"));
        assertEquals("(3)", render("@fixed(3)", "c"));
        assertEquals("wi_sum(array_of_maxprocs, count)", render("@sum(array_of_maxprocs, count)", "c"));
    }

    @Test
    void fortranReadsArgumentsByReferenceAndTheApplicationsCommunicator() throws Exception {
        assertEquals("(*count)", render("count", "fortran"));
        assertEquals("(*outcount)", render("*outcount", "fortran"));
        assertEquals("wi_f_comm_size(a_comm)", render("@comm_size(comm)", "fortran"));
        assertEquals("wi_f_comm_remote_size(a_intercomm)", render("@comm_remote_size(intercomm)", "fortran"));
        assertEquals("wi_f_comm_peers(a_comm)", render("@comm_peers(comm)", "fortran"));
        assertEquals("wi_f_comm_degree(a_comm, 0)", render("@comm_indegree(comm)", "fortran"));
        assertEquals("wi_f_comm_degree(a_comm, 1)", render("@comm_outdegree(comm)", "fortran"));
        assertEquals("wi_f_root_peers(a_comm, *root)", render("@root_peers(comm, root)", "fortran"));
        assertEquals("(12)", render("@fixed(12)", "fortran"));
        assertEquals("wi_sum(array_of_maxprocs, *count)", render("@sum(array_of_maxprocs, count)", "fortran"));
    }
}
