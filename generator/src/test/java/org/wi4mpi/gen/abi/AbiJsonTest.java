package org.wi4mpi.gen.abi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wi4mpi.gen.abi.AbiDescriptor.Constant;
import org.wi4mpi.gen.abi.AbiDescriptor.DataObject;
import org.wi4mpi.gen.abi.AbiDescriptor.Field;
import org.wi4mpi.gen.abi.AbiDescriptor.Libraries;
import org.wi4mpi.gen.abi.AbiDescriptor.Param;
import org.wi4mpi.gen.abi.AbiDescriptor.Prototype;
import org.wi4mpi.gen.abi.AbiDescriptor.StatusLayout;
import org.wi4mpi.gen.abi.AbiDescriptor.TypeInfo;

/** The descriptor's file format: exact bytes, and a round trip through write and read. */
class AbiJsonTest {

    private static AbiDescriptor sample() {
        TreeMap<String, TypeInfo> types = new TreeMap<>();
        types.put("MPI_Comm", new TypeInfo("handle", 4, false, null));
        types.put("MPI_Aint", new TypeInfo("integer", 8, null, true));
        TreeMap<String, Field> fields = new TreeMap<>();
        fields.put("MPI_SOURCE", new Field(8, 4));
        TreeMap<String, Constant> constants = new TreeMap<>();
        constants.put("MPI_COMM_WORLD", new Constant("handle", "MPI_Comm", 1140850688L, null, null));
        constants.put("MPI_ANY_SOURCE", new Constant("int", null, -2L, null, null));
        TreeMap<String, DataObject> objects = new TreeMap<>();
        objects.put("MPI_F_STATUS_IGNORE", new DataObject(8));
        TreeMap<String, Prototype> functions = new TreeMap<>();
        functions.put("MPI_Wtime", new Prototype("double", List.of()));
        functions.put("MPI_Comm_rank", new Prototype("int",
                List.of(new Param("comm", "MPI_Comm"), new Param("rank", "int *"))));
        return new AbiDescriptor("mpich", "MPICH 4.0.2", "/x/mpi.h",
                new Libraries("libmpich.so.12", "libmpichfort.so.12", List.of("libmpich.so.12"),
                        List.of("libmpich.so.12"), "MPIR_Dup_fn"),
                types, new StatusLayout(20, fields), constants, objects, functions,
                List.of("MPI_Comm_rank", "PMPI_Comm_rank"), new TreeMap<>(Map.of("MPI_COMM_WORLD", 1140850688L)));
    }

    @Test
    void writesSortedKeysTwoSpaceIndentAndATrailingNewline() {
        String expected = """
                {
                  "constants": {
                    "MPI_ANY_SOURCE": {
                      "kind": "int",
                      "value": -2
                    },
                    "MPI_COMM_WORLD": {
                      "kind": "handle",
                      "type": "MPI_Comm",
                      "value": 1140850688
                    }
                  },
                  "exports": [
                    "MPI_Comm_rank",
                    "PMPI_Comm_rank"
                  ],
                  "family": "mpich",
                  "fortran": {
                    "MPI_COMM_WORLD": 1140850688
                  },
                  "functions": {
                    "MPI_Comm_rank": {
                      "params": [
                        {
                          "name": "comm",
                          "type": "MPI_Comm"
                        },
                        {
                          "name": "rank",
                          "type": "int *"
                        }
                      ],
                      "returns": "int"
                    },
                    "MPI_Wtime": {
                      "params": [],
                      "returns": "double"
                    }
                  },
                  "header": "/x/mpi.h",
                  "libraries": {
                    "c": "libmpich.so.12",
                    "fake": [
                      "libmpich.so.12"
                    ],
                    "fortran": "libmpichfort.so.12",
                    "marker": "MPIR_Dup_fn",
                    "mpi": [
                      "libmpich.so.12"
                    ]
                  },
                  "objects": {
                    "MPI_F_STATUS_IGNORE": {
                      "size": 8
                    }
                  },
                  "status": {
                    "fields": {
                      "MPI_SOURCE": {
                        "offset": 8,
                        "size": 4
                      }
                    },
                    "size": 20
                  },
                  "types": {
                    "MPI_Aint": {
                      "kind": "integer",
                      "signed": true,
                      "size": 8
                    },
                    "MPI_Comm": {
                      "kind": "handle",
                      "pointer": false,
                      "size": 4
                    }
                  },
                  "version": "MPICH 4.0.2"
                }
                """;
        assertEquals(expected, AbiJson.toJson(sample()));
    }

    @Test
    void roundTripsThroughAFile(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("abi/mpich.json");
        sample().write(file);
        assertEquals(sample(), AbiDescriptor.read(file));
        assertTrue(Files.readString(file).endsWith("}\n"));
    }

    @Test
    void aMissingDescriptorIsNamed(@TempDir Path dir) {
        Path missing = dir.resolve("nope.json");
        ProbeException e = assertThrows(ProbeException.class, () -> AbiDescriptor.read(missing));
        assertEquals("ABI descriptor not found: " + missing + " (run bin/wi4mpi-gen probe to create it).",
                e.getMessage());
    }

    @Test
    void anUnknownKeyIsNamed(@TempDir Path dir) throws IOException {
        Path bad = Files.writeString(dir.resolve("bad.json"), "{\"family\": \"mpich\", \"colour\": 1}\n");
        ProbeException e = assertThrows(ProbeException.class, () -> AbiDescriptor.read(bad));
        assertTrue(e.getMessage().startsWith("ABI descriptor " + bad + " is not valid: "), e.getMessage());
        assertTrue(e.getMessage().contains("colour"), e.getMessage());
    }
}
