package org.wi4mpi.tests.debian;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.wi4mpi.tests.MpiFamily;

/**
 * The Debian MPI binaries used by {@link NetpipeTranslationTest} are installed and really linked against
 * the family they are filed under, so a translated run of them is a cross-ABI run.
 */
class DebianPackagesTest {

    /** Every soname of each family's libraries, as the launcher's family detection knows them. */
    private static final Map<MpiFamily, List<String>> FAMILY_SONAMES = Map.of(
            MpiFamily.OPENMPI, List.of("libmpi.so.40", "libmpi_mpifh.so.40", "libmpi_usempif08.so.40",
                    "libmpi_usempi_ignore_tkr.so.40", "libmpi_cxx.so.40"),
            MpiFamily.MPICH, List.of("libmpich.so.12", "libmpi.so.12", "libmpichfort.so.12", "libmpifort.so.12",
                    "libmpicxx.so.12", "libmpichcxx.so.12"));

    @ParameterizedTest(name = "{0} is installed")
    @EnumSource(DebianMpiBinary.class)
    void packageIsInstalled(DebianMpiBinary binary) {
        binary.requireInstalled();
    }

    @ParameterizedTest(name = "{0} needs only its own family's MPI")
    @EnumSource(DebianMpiBinary.class)
    void dtNeededNamesItsFamily(DebianMpiBinary binary) {
        binary.requireInstalled();
        List<String> needed = binary.neededLibraries();
        assertTrue(needed.contains(binary.soname()),
                () -> binary.binary() + " DT_NEEDED " + needed + " lacks " + binary.soname());
        for (MpiFamily other : MpiFamily.values()) {
            if (other == binary.family())
                continue;
            for (String soname : FAMILY_SONAMES.get(other))
                assertFalse(needed.contains(soname), () -> binary.binary() + " DT_NEEDED " + needed + " names "
                        + soname + " of " + other.id() + " too");
        }
    }
}
