package io.github.kbnf4j.jsonschema.internal;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The JSON Schema {@code format} values that kbnf4j can assert, each as a regex in kbnf4j syntax
 * (for {@code io.github.kbnf4j.grammar.internal.automata.Regexes}) over the string's content
 * after JSON unescaping, with whole-string semantics. The caller turns the content language into
 * the JSON string literal language (quotes, escapes).
 *
 * <p>Every regex is SOUND: it matches only strings of the format per its RFC. Most are exact; the
 * documented subsets are chosen where exactness is not regular or not affordable:
 * <ul>
 *   <li>{@code date-time}, {@code date}, {@code time}, {@code duration}: see {@link DateTimeFormats}
 *       (leap seconds with offset minutes 00/30/45 only; upper-case duration designators).</li>
 *   <li>{@code hostname}, {@code email}, {@code ipv4}, {@code ipv6}: see {@link InternetFormats}
 *       (no Punycode A-labels; the 253-character limit through label lengths 63, 63, 63, then up to
 *       five of 11; no general address literal).</li>
 *   <li>{@code idn-hostname} and {@code idn-email}: the ASCII names only, that is the regexes of
 *       {@code hostname} and {@code email} (every ASCII hostname or mailbox is also an
 *       internationalized one).</li>
 *   <li>{@code uri}, {@code uri-reference}, {@code iri}, {@code iri-reference}, {@code uri-template}:
 *       see {@link UriFormats} (exact but for the reserved template operators).</li>
 *   <li>{@code uuid} (RFC 4122 text form, any version and variant, either case), {@code json-pointer}
 *       (RFC 6901) and {@code relative-json-pointer} (draft-handrews-relative-json-pointer-01):
 *       exact.</li>
 * </ul>
 * {@code regex} is not known: ECMA-262 pattern syntax is not a regular language.
 *
 * <p>The regexes are built once; {@link #regex} is a map lookup. Stateless, thread-safe.
 */
public final class Formats {
    private static final List<String> NAMES = List.of("date-time", "date", "time", "duration", "email", "idn-email",
        "hostname", "idn-hostname", "ipv4", "ipv6", "uri", "uri-reference", "iri", "iri-reference", "uuid",
        "uri-template", "json-pointer", "relative-json-pointer");
    private static final String JSON_POINTER = "(?:/(?:[^/~]|~[01])*)*";
    private static final Map<String, String> REGEXES = build();

    private Formats() {
    }

    private static Map<String, String> build() {
        Map<String, String> m = new HashMap<>();
        m.put("date-time", DateTimeFormats.dateTime());
        m.put("date", DateTimeFormats.date());
        m.put("time", DateTimeFormats.time());
        m.put("duration", DateTimeFormats.duration());
        m.put("email", InternetFormats.email());
        m.put("idn-email", InternetFormats.email());
        m.put("hostname", InternetFormats.hostname());
        m.put("idn-hostname", InternetFormats.hostname());
        m.put("ipv4", InternetFormats.ipv4());
        m.put("ipv6", InternetFormats.ipv6());
        m.put("uri", UriFormats.uri());
        m.put("uri-reference", UriFormats.uriReference());
        m.put("iri", UriFormats.iri());
        m.put("iri-reference", UriFormats.iriReference());
        m.put("uri-template", UriFormats.uriTemplate());
        m.put("uuid", "[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}");
        m.put("json-pointer", JSON_POINTER);
        m.put("relative-json-pointer", "(?:0|[1-9]\\d*)(?:#|" + JSON_POINTER + ")");
        return Map.copyOf(m);
    }

    /**
     * The regex of {@code format}, or empty if kbnf4j does not know the format (the caller decides
     * whether that is a warning or an error). Names are case-sensitive, as in JSON Schema.
     */
    public static Optional<String> regex(String format) {
        return Optional.ofNullable(REGEXES.get(format));
    }

    /** The names {@link #regex} knows, in the order of the JSON Schema 2020-12 validation spec (§7.3). */
    public static List<String> names() {
        return NAMES;
    }
}
