package io.github.kbnf4j.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;

/** A {@code .tiktoken} file of the 256 single bytes (id = byte), without special or end-of-sequence ids. */
final class TinyVocabulary {
    private TinyVocabulary() {}

    /** Writes {@code dir/tiny.tiktoken} and returns its path. */
    static Path write(Path dir) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int b = 0; b < 256; b++) {
            sb.append(Base64.getEncoder().encodeToString(new byte[] {(byte) b})).append(' ').append(b).append('\n');
        }
        Path file = dir.resolve("tiny.tiktoken");
        Files.writeString(file, sb, StandardCharsets.US_ASCII);
        return file;
    }
}
