package io.github.kbnf4j.jsonschema.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.kbnf4j.jsonschema.JsonSchemaException;
import io.github.kbnf4j.jsonschema.JsonSchemaOptions;

/** Translates a schema into a grammar AST. */
public final class SchemaCompiler {
    private SchemaCompiler() {
    }

    public static SchemaGrammar translate(String source, JsonNode schema, JsonSchemaOptions options) {
        throw new JsonSchemaException(source, "", "the JSON Schema translator is not written yet");
    }
}
