package io.github.kbnf4j.jsonschema.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.kbnf4j.jsonschema.SchemaDraft;
import java.net.URI;

/**
 * A schema node with what it needs to be read: the base URI its relative {@code $ref}s resolve
 * against, its draft, and where it is (document and JSON pointer, for messages).
 *
 * @param node the schema: an object or a boolean
 * @param base the base URI in scope at the node (its own {@code $id} applied)
 * @param document the source name of its document (the schema's file, or a remote URI)
 * @param pointer its JSON pointer within that document
 */
record Located(JsonNode node, URI base, SchemaDraft draft, String document, String pointer) {
    /** The location of keyword {@code name} of this node, for messages. */
    String at(String name) {
        return pointer + "/" + escape(name);
    }

    /** A JSON pointer token for {@code name} (RFC 6901: {@code ~} as {@code ~0}, {@code /} as {@code ~1}). */
    static String escape(String name) {
        return name.replace("~", "~0").replace("/", "~1");
    }
}
