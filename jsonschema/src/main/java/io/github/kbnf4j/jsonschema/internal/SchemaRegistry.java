package io.github.kbnf4j.jsonschema.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.kbnf4j.jsonschema.JsonSchemaException;
import io.github.kbnf4j.jsonschema.SchemaDraft;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * The schema documents of one compilation and everything {@code $ref} can name in them: schema
 * resources by absolute URI ({@code $id}, or {@code id} in draft 4), anchors ({@code $anchor}, or an
 * {@code $id} of the form {@code #name} before 2019-09), and any node by JSON pointer. Remote
 * documents come only from the caller's map ({@link io.github.kbnf4j.jsonschema.JsonSchemaOptions#remoteSchemas()}),
 * indexed the first time a reference needs them; nothing is fetched from the network.
 *
 * <p>Not thread-safe: one registry per compilation.
 */
final class SchemaRegistry {
    /**
     * The base URI of a root schema without an absolute {@code $id}; relative references and ids
     * resolve against it. Hierarchical, so that a relative {@code $id} such as {@code "limits"} has
     * a meaning; the reserved {@code .invalid} domain names nothing that could be fetched.
     */
    static final URI DEFAULT_BASE = URI.create("https://kbnf4j.invalid/schema.json");

    /** Keywords whose values are data, not schemas: their insides are never indexed. */
    private static final Set<String> DATA_KEYWORDS = Set.of("enum", "const", "examples", "default");

    private final String source;
    private final SchemaDraft defaultDraft;
    private final Map<String, JsonNode> remotes;
    private final Map<String, Located> resources = new HashMap<>();
    private final Map<String, Located> anchors = new HashMap<>();
    private final Map<JsonNode, Located> located = new IdentityHashMap<>();
    private final Located root;

    SchemaRegistry(String source, JsonNode schema, SchemaDraft defaultDraft, Map<String, JsonNode> remotes) {
        this.source = source;
        this.defaultDraft = defaultDraft;
        this.remotes = remotes;
        this.root = index(schema, DEFAULT_BASE, source);
    }

    /** The root schema. */
    Located root() {
        return root;
    }

    /** The located form of a subschema {@code node} found at {@code pointer} under {@code parent}. */
    Located child(Located parent, JsonNode node, String pointer) {
        Located known = node.isObject() ? located.get(node) : null;
        return known != null ? known : new Located(node, parent.base(), parent.draft(), parent.document(), pointer);
    }

    /**
     * The schema {@code ref} names, seen from {@code from}.
     *
     * @param where the JSON pointer of the {@code $ref} keyword, for messages
     * @throws JsonSchemaException if it names nothing
     */
    Located resolve(String ref, Located from, String where) {
        URI target;
        try {
            target = resolveUri(from.base(), ref);
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw new JsonSchemaException(source, where, "$ref '" + ref + "' is not a valid URI reference");
        }
        String fragment = target.getRawFragment();
        String document = withoutFragment(target);
        Located resource = resources.get(document);
        if (resource == null) {
            JsonNode remote = remotes.get(document);
            if (remote == null) {
                remote = remotes.get(document + "#");
            }
            if (remote == null) {
                throw new JsonSchemaException(source, where, "$ref '" + ref + "' names " + document
                        + ", which is not in this schema nor in the remote schemas given "
                        + "(JsonSchemaOptions.remoteSchemas, CLI --ref-map); nothing is fetched from the network");
            }
            index(remote, URI.create(document), document);
            resource = resources.get(document);
        }
        if (fragment == null || fragment.isEmpty()) {
            return resource;
        }
        if (fragment.startsWith("/")) {
            return pointer(resource, fragment, ref, where);
        }
        Located anchor = anchors.get(document + "#" + decode(fragment));
        if (anchor == null) {
            throw new JsonSchemaException(source, where, "$ref '" + ref + "': no anchor '" + decode(fragment)
                    + "' in " + document);
        }
        return anchor;
    }

    private Located pointer(Located resource, String rawPointer, String ref, String where) {
        JsonNode node = resource.node();
        StringBuilder path = new StringBuilder(resource.pointer());
        for (String rawToken : rawPointer.substring(1).split("/", -1)) {
            String token = decode(rawToken).replace("~1", "/").replace("~0", "~");
            JsonNode next = null;
            if (node.isObject()) {
                next = node.get(token);
            } else if (node.isArray() && token.matches("0|[1-9][0-9]{0,8}")) {
                next = node.get(Integer.parseInt(token));
            }
            if (next == null) {
                throw new JsonSchemaException(source, where, "$ref '" + ref + "': the JSON pointer finds nothing at '"
                        + token + "'");
            }
            node = next;
            path.append('/').append(Located.escape(token));
        }
        if (!node.isObject() && !node.isBoolean()) {
            throw new JsonSchemaException(source, where, "$ref '" + ref + "' names a " + node.getNodeType()
                    .toString().toLowerCase() + ", not a schema");
        }
        Located known = node.isObject() ? located.get(node) : null;
        return known != null ? known
                : new Located(node, resource.base(), resource.draft(), resource.document(), path.toString());
    }

    /** Indexes a document; returns its root. */
    private Located index(JsonNode doc, URI base, String document) {
        SchemaDraft draft = defaultDraft;
        if (doc.isObject() && doc.get("$schema") != null && doc.get("$schema").isTextual()) {
            draft = SchemaDraft.forMetaSchema(doc.get("$schema").asText()).orElse(defaultDraft);
        }
        Located top = walk(doc, base, draft, document, "");
        resources.putIfAbsent(withoutFragment(base), top);
        return top;
    }

    private Located walk(JsonNode node, URI base, SchemaDraft draft, String document, String pointer) {
        if (!node.isObject()) {
            if (node.isArray()) {
                for (int i = 0; i < node.size(); i++) {
                    walk(node.get(i), base, draft, document, pointer + "/" + i);
                }
            }
            return new Located(node, base, draft, document, pointer);
        }
        URI here = base;
        // Before 2019-09 every keyword beside $ref is ignored, $id included.
        boolean refHidesSiblings = !draft.atLeast(SchemaDraft.DRAFT_2019_09) && node.has("$ref");
        JsonNode id = node.get(draft == SchemaDraft.DRAFT_4 ? "id" : "$id");
        if (id != null && id.isTextual() && !refHidesSiblings) {
            String text = id.asText();
            try {
                if (text.startsWith("#") && !draft.atLeast(SchemaDraft.DRAFT_2019_09)) {
                    anchors.putIfAbsent(withoutFragment(base) + text, new Located(node, base, draft, document, pointer));
                } else {
                    here = resolveUri(base, text);
                    String frag = here.getRawFragment();
                    if (frag != null && !frag.isEmpty() && !draft.atLeast(SchemaDraft.DRAFT_2019_09)) {
                        anchors.putIfAbsent(withoutFragment(here) + "#" + decode(frag),
                                new Located(node, here, draft, document, pointer));
                    }
                    here = URI.create(withoutFragment(here));
                }
            } catch (URISyntaxException | IllegalArgumentException e) {
                throw new JsonSchemaException(source, pointer + "/$id", "'" + text + "' is not a valid URI");
            }
        }
        Located self = new Located(node, here, draft, document, pointer);
        located.putIfAbsent(node, self);
        if (here != base) {
            resources.putIfAbsent(withoutFragment(here), self);
        }
        JsonNode anchor = node.get("$anchor");
        if (anchor != null && anchor.isTextual() && draft.atLeast(SchemaDraft.DRAFT_2019_09)) {
            anchors.putIfAbsent(withoutFragment(here) + "#" + anchor.asText(), self);
        }
        JsonNode dynamic = node.get("$dynamicAnchor");
        if (dynamic != null && dynamic.isTextual() && draft.atLeast(SchemaDraft.DRAFT_2020_12)) {
            anchors.putIfAbsent(withoutFragment(here) + "#" + dynamic.asText(), self);
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!DATA_KEYWORDS.contains(e.getKey())) {
                walk(e.getValue(), here, draft, document, pointer + "/" + Located.escape(e.getKey()));
            }
        }
        return self;
    }

    private static URI resolveUri(URI base, String ref) throws URISyntaxException {
        URI r = new URI(ref);
        if (r.isAbsolute()) {
            return r;
        }
        if (base.isOpaque()) {
            // urn: bases: only fragments resolve against them.
            if (ref.startsWith("#")) {
                return new URI(withoutFragment(base) + ref);
            }
            throw new URISyntaxException(ref, "a relative reference against the non-hierarchical base " + base);
        }
        return base.resolve(r);
    }

    private static String withoutFragment(URI u) {
        String s = u.toString();
        int hash = s.indexOf('#');
        return hash < 0 ? s : s.substring(0, hash);
    }

    private static String decode(String s) {
        return s.indexOf('%') < 0 ? s : URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
    }
}
