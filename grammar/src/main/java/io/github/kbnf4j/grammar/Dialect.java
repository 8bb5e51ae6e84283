package io.github.kbnf4j.grammar;

import java.util.Locale;
import java.util.Objects;

/**
 * The grammar languages kbnf4j reads. Both compile to the same {@link CompiledGrammar}.
 */
public enum Dialect {
    /** KBNF, kbnf4j's own language (the README's "The grammar language"); files end in {@code .kbnf}; start rule {@code start}. */
    KBNF("start", ".kbnf"),
    /**
     * GBNF, llama.cpp's grammar language (its {@code grammars/README.md}), with the parts of
     * XGrammar's EBNF that keep a plain context-free meaning; files end in {@code .gbnf}; start
     * rule {@code root}.
     */
    GBNF("root", ".gbnf");

    private final String defaultStartSymbol;
    private final String extension;

    Dialect(String defaultStartSymbol, String extension) {
        this.defaultStartSymbol = defaultStartSymbol;
        this.extension = extension;
    }

    /** The start rule used when {@link GrammarOptions#startSymbol()} is null. */
    public String defaultStartSymbol() {
        return defaultStartSymbol;
    }

    /** The file name extension of the dialect, with its dot. */
    public String extension() {
        return extension;
    }

    /** {@link #GBNF} for a name ending in {@code .gbnf} (any case), otherwise {@link #KBNF}. */
    public static Dialect forFileName(String fileName) {
        Objects.requireNonNull(fileName, "fileName");
        return fileName.toLowerCase(Locale.ROOT).endsWith(GBNF.extension) ? GBNF : KBNF;
    }
}
