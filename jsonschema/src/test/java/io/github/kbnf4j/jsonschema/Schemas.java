package io.github.kbnf4j.jsonschema;

import io.github.kbnf4j.earley.Recognizer;
import io.github.kbnf4j.grammar.CompiledGrammar;
import java.nio.charset.StandardCharsets;

/** Test helpers: compile a schema, ask whether a text is a complete sentence. */
final class Schemas {
    private Schemas() {
    }

    static CompiledGrammar compile(String schema) {
        return JsonSchemaGrammar.compile(schema, JsonSchemaOptions.DEFAULT);
    }

    static boolean accepts(CompiledGrammar g, String text) {
        Recognizer r = new Recognizer(g);
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        return r.push(b, 0, b.length) == b.length && r.isAccepting();
    }
}
