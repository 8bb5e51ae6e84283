package io.github.kbnf4j.jqwik;

/** Inputs shown in messages: printable ASCII as is, everything else escaped. */
final class Texts {
    private Texts() {
    }

    /** {@code bytes} as a quoted, escaped string. */
    static String show(byte[] bytes) {
        StringBuilder sb = new StringBuilder(bytes.length + 2).append('"');
        for (byte b : bytes) {
            int c = b & 0xFF;
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c >= 0x20 && c < 0x7F) {
                        sb.append((char) c);
                    } else {
                        sb.append(String.format("\\x%02X", c));
                    }
                }
            }
        }
        return sb.append('"').toString();
    }
}
