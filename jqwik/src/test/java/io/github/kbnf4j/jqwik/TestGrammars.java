package io.github.kbnf4j.jqwik;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Dialect;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarException;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.grammar.internal.sentences.SentenceGenerator;
import io.github.kbnf4j.testdata.ExampleGrammars;
import io.github.kbnf4j.testdata.SharedFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The grammars the properties run on: the example grammars, and llama.cpp's when the shared folder is there. */
final class TestGrammars {
    record Named(String name, CompiledGrammar grammar) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static List<Named> examples;
    private static List<Named> llama;

    private TestGrammars() {
    }

    static synchronized List<Named> examples() {
        if (examples == null) {
            examples = ExampleGrammars.names().stream().map(n -> new Named(n, ExampleGrammars.compile(n))).toList();
        }
        return examples;
    }

    /**
     * llama.cpp's grammars: the three of {@code shared/corpus/gbnf/grammars} and every grammar of
     * {@code shared/suites/llama.cpp.jsonl} that compiles and has a finite sentence; empty (with a
     * line saying so) without the shared folder.
     */
    static synchronized List<Named> llamaCpp() {
        if (llama != null) {
            return llama;
        }
        List<Named> out = new ArrayList<>();
        Path dir = SharedFiles.locate("shared/corpus/gbnf/grammars");
        Path suite = SharedFiles.locate("shared/suites/llama.cpp.jsonl");
        if (dir == null || suite == null) {
            System.out.println("llama.cpp grammars skipped: no shared/corpus/gbnf/grammars or shared/suites/llama.cpp.jsonl"
                    + " in the working directory or its ancestors");
            llama = out;
            return out;
        }
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.sorted().toList()) {
                out.add(new Named(f.getFileName().toString(), Grammar.compileFile(f, GrammarOptions.DEFAULT)));
            }
            ObjectMapper mapper = new ObjectMapper();
            int line = 0;
            for (String text : Files.readAllLines(suite, StandardCharsets.UTF_8)) {
                line++;
                JsonNode o = mapper.readTree(text);
                String grammar = o.path("grammar").asText();
                if (grammar.isBlank()) {
                    continue;
                }
                try {
                    CompiledGrammar g = Grammar.compile("llama.cpp.jsonl:" + line, grammar, Dialect.GBNF,
                            GrammarOptions.DEFAULT.withStartSymbol(o.path("start").asText("root")));
                    if (new SentenceGenerator(g).hasSentences()) {
                        out.add(new Named("llama.cpp.jsonl line " + line, g));
                    }
                } catch (GrammarException e) {
                    // a grammar the suite says must not parse
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        llama = out;
        return out;
    }

    static CompiledGrammar gbnfFile(String name) {
        return llamaCpp().stream().filter(n -> n.name().equals(name)).findFirst().map(Named::grammar).orElse(null);
    }
}
