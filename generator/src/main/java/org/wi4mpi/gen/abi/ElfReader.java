package org.wi4mpi.gen.abi;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the dynamic symbol table (.dynsym) and DT_SONAME of an x86-64 ELF shared library, from the
 * section headers. Only ELF64 little-endian files are accepted: the platform this project targets.
 */
public final class ElfReader {

    private static final int SHT_DYNAMIC = 6;
    private static final int SHT_DYNSYM = 11;
    private static final long DT_NULL = 0;
    private static final long DT_SONAME = 14;
    private static final int SECTION_HEADER_SIZE = 64;
    private static final int SYMBOL_SIZE = 24;
    private static final int DYNAMIC_ENTRY_SIZE = 16;

    private ElfReader() {}

    public static ElfLibrary read(Path path) {
        if (!Files.isRegularFile(path)) {
            throw new ProbeException("library not found: " + path + ".");
        }
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            ByteBuffer image = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size())
                    .order(ByteOrder.LITTLE_ENDIAN);
            return parse(path, image);
        } catch (IOException e) {
            throw new ProbeException("cannot read library " + path + ": " + e.getMessage() + ".", e);
        } catch (IndexOutOfBoundsException | IllegalArgumentException e) {
            throw new ProbeException("library " + path + " is a truncated or corrupt ELF file.", e);
        }
    }

    private static ElfLibrary parse(Path path, ByteBuffer image) {
        if (image.limit() < 64 || image.getInt(0) != 0x464c457f) {
            throw new ProbeException("library " + path + " is not an ELF file.");
        }
        if (image.get(4) != 2 || image.get(5) != 1) {
            throw new ProbeException("library " + path + " is not a 64-bit little-endian ELF file.");
        }
        long sectionTable = image.getLong(0x28);
        int sectionCount = Short.toUnsignedInt(image.getShort(0x3c));
        List<Section> sections = new ArrayList<>(sectionCount);
        for (int i = 0; i < sectionCount; i++) {
            sections.add(Section.at(image, Math.toIntExact(sectionTable + (long) i * SECTION_HEADER_SIZE)));
        }
        List<ElfSymbol> symbols = new ArrayList<>();
        String soname = null;
        for (Section section : sections) {
            if (section.type == SHT_DYNSYM) {
                symbols.addAll(readSymbols(image, section, sections.get(section.link)));
            } else if (section.type == SHT_DYNAMIC) {
                soname = readSoname(image, section, sections.get(section.link));
            }
        }
        if (soname == null) {
            throw new ProbeException("library " + path + " has no DT_SONAME.");
        }
        return new ElfLibrary(path, soname, List.copyOf(symbols));
    }

    private static List<ElfSymbol> readSymbols(ByteBuffer image, Section table, Section strings) {
        List<ElfSymbol> symbols = new ArrayList<>();
        long count = table.size / SYMBOL_SIZE;
        // entry 0 is the reserved undefined symbol
        for (long i = 1; i < count; i++) {
            int at = Math.toIntExact(table.offset + i * SYMBOL_SIZE);
            int nameOffset = image.getInt(at);
            int info = Byte.toUnsignedInt(image.get(at + 4));
            int sectionIndex = Short.toUnsignedInt(image.getShort(at + 6));
            long size = image.getLong(at + 16);
            symbols.add(new ElfSymbol(string(image, strings, nameOffset), info & 0xf, info >>> 4,
                    sectionIndex != 0, size));
        }
        return symbols;
    }

    private static String readSoname(ByteBuffer image, Section dynamic, Section strings) {
        long count = dynamic.size / DYNAMIC_ENTRY_SIZE;
        for (long i = 0; i < count; i++) {
            int at = Math.toIntExact(dynamic.offset + i * DYNAMIC_ENTRY_SIZE);
            long tag = image.getLong(at);
            if (tag == DT_NULL) {
                break;
            }
            if (tag == DT_SONAME) {
                return string(image, strings, image.getLong(at + 8));
            }
        }
        return null;
    }

    private static String string(ByteBuffer image, Section strings, long offset) {
        int start = Math.toIntExact(strings.offset + offset);
        int end = start;
        while (image.get(end) != 0) {
            end++;
        }
        byte[] bytes = new byte[end - start];
        image.get(start, bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private record Section(int type, long offset, long size, int link) {
        static Section at(ByteBuffer image, int header) {
            return new Section(image.getInt(header + 4), image.getLong(header + 0x18),
                    image.getLong(header + 0x20), image.getInt(header + 0x28));
        }
    }
}
