package io.github.kbnf4j.jsonschema.internal;

import static io.github.kbnf4j.jsonschema.internal.RegexText.group;
import static io.github.kbnf4j.jsonschema.internal.RegexText.optional;
import static io.github.kbnf4j.jsonschema.internal.RegexText.plus;
import static io.github.kbnf4j.jsonschema.internal.RegexText.star;

/**
 * Regexes of the URI formats: {@code uri} and {@code uri-reference} (RFC 3986 §3 and §4.1),
 * {@code iri} and {@code iri-reference} (RFC 3987 §2.2), and {@code uri-template} (RFC 6570 §2).
 *
 * <p>The URI and IRI grammars are transcribed rule by rule, so they are exact: schemes, authority
 * (user info, IP literal with RFC 4291 IPv6 or IPvFuture, registered name, numeric port), the
 * five path forms and their context rules (a relative reference's first segment has no colon),
 * query, fragment, percent-encoding. The IPv4 host form is a special case of {@code reg-name}, so
 * {@code http://999.1.1.1/} is a URI, as in RFC 3986. IRIs add {@code ucschar} everywhere
 * {@code unreserved} may be, and {@code iprivate} in the query.
 *
 * <p>{@code uri-template} is RFC 6570 level 4 with erratum 6937 (an apostrophe is a literal)
 * and one sound subset: the operators reserved for future extensions ({@code = , ! @ |}) are refused.
 */
final class UriFormats {
    private static final String HEX = "[0-9A-Fa-f]";
    private static final String PERCENT_ENCODED = "%" + HEX + HEX;
    private static final String SCHEME = "[A-Za-z][A-Za-z0-9+\\-.]*";
    private static final String SUB_DELIMS = "!$&'()*+,;=";
    private static final String ASCII_UNRESERVED = "A-Za-z0-9\\-._~";
    /** RFC 3987 {@code ucschar}, as class ranges. */
    private static final String UCSCHAR = "\\u{A0}-\\u{D7FF}\\u{F900}-\\u{FDCF}\\u{FDF0}-\\u{FFEF}"
        + "\\u{10000}-\\u{1FFFD}\\u{20000}-\\u{2FFFD}\\u{30000}-\\u{3FFFD}\\u{40000}-\\u{4FFFD}"
        + "\\u{50000}-\\u{5FFFD}\\u{60000}-\\u{6FFFD}\\u{70000}-\\u{7FFFD}\\u{80000}-\\u{8FFFD}"
        + "\\u{90000}-\\u{9FFFD}\\u{A0000}-\\u{AFFFD}\\u{B0000}-\\u{BFFFD}\\u{C0000}-\\u{CFFFD}"
        + "\\u{D0000}-\\u{DFFFD}\\u{E1000}-\\u{EFFFD}";
    /** RFC 3987 {@code iprivate}, as class ranges. */
    private static final String IPRIVATE = "\\u{E000}-\\u{F8FF}\\u{F0000}-\\u{FFFFD}\\u{100000}-\\u{10FFFD}";

    private UriFormats() {
    }

    /** RFC 3986 {@code URI}: a scheme is required. */
    static String uri() {
        return new Grammar(false).absolute();
    }

    /** RFC 3986 {@code URI-reference}: a URI or a relative reference (including ""). */
    static String uriReference() {
        return new Grammar(false).reference();
    }

    /** RFC 3987 {@code IRI}. */
    static String iri() {
        return new Grammar(true).absolute();
    }

    /** RFC 3987 {@code IRI-reference}. */
    static String iriReference() {
        return new Grammar(true).reference();
    }

    /** RFC 6570 {@code URI-Template} as documented in the class comment. */
    static String uriTemplate() {
        String literalChars = "[\\x21\\x23\\x24\\x26-\\x3B\\x3D\\x3F-\\x5B\\x5D\\x5F\\x61-\\x7A\\x7E" + UCSCHAR + IPRIVATE
            + "]";
        String literals = group(literalChars, PERCENT_ENCODED);
        String varchar = group("[A-Za-z0-9_]", PERCENT_ENCODED);
        String varname = varchar + "(?:\\.?" + varchar + ")*";
        String modifier = group(":[1-9]\\d{0,3}", "\\*"); // prefix max-length below 10000, or explode
        String varspec = varname + modifier + "?";
        String expression = "\\{[+#./;?&]?" + varspec + "(?:," + varspec + ")*\\}";
        return star(group(literals, expression));
    }

    /** The rules of RFC 3986 §3, or of RFC 3987 §2.2 with {@code international}. */
    private static final class Grammar {
        private final String unreserved;
        private final String queryExtra;

        Grammar(boolean international) {
            this.unreserved = ASCII_UNRESERVED + (international ? UCSCHAR : "");
            this.queryExtra = international ? IPRIVATE : "";
        }

        /** One character of unreserved, sub-delims, the {@code extra} characters, or a %-escape. */
        private String chars(String extra) {
            return group("[" + unreserved + SUB_DELIMS + extra + "]", PERCENT_ENCODED);
        }

        private String segment() {
            return star(chars(":@"));
        }

        private String segmentNonEmpty() {
            return plus(chars(":@"));
        }

        private String segmentNonEmptyNoColon() {
            return plus(chars("@"));
        }

        private String pathAbEmpty() {
            return star("/" + segment());
        }

        private String pathAbsolute() {
            return "/" + optional(segmentNonEmpty() + pathAbEmpty());
        }

        private String authority() {
            String userInfo = star(chars(":"));
            String ipvFuture = "[vV]" + HEX + "+\\.[" + ASCII_UNRESERVED + SUB_DELIMS + ":]+";
            String ipLiteral = "\\[" + group(InternetFormats.ipv6(), ipvFuture) + "\\]";
            String regName = star(chars("")); // includes IPv4address
            return optional(userInfo + "@") + group(ipLiteral, regName) + optional(":\\d*");
        }

        private String queryAndFragment() {
            String query = star(chars(":@/?" + queryExtra));
            String fragment = star(chars(":@/?"));
            return optional("\\?" + query) + optional("#" + fragment);
        }

        /** {@code scheme ":" hier-part [ "?" query ] [ "#" fragment ]} */
        String absolute() {
            String hierPart = group("//" + authority() + pathAbEmpty(), pathAbsolute(),
                segmentNonEmpty() + pathAbEmpty(), "");
            return SCHEME + ":" + hierPart + queryAndFragment();
        }

        /**
         * {@code URI / relative-ref}. Both start with an optional authority or absolute path, so
         * that part is written once (the authority with its IPv6 literal is the biggest piece):
         * {@code [scheme ":"] ("//" authority path-abempty / path-absolute / path-empty)}, or
         * {@code scheme ":" path-rootless}, or {@code path-noscheme}; then query and fragment.
         */
        String reference() {
            String schemeColon = SCHEME + ":";
            return group(
                optional(schemeColon) + group("//" + authority() + pathAbEmpty(), pathAbsolute(), ""),
                schemeColon + segmentNonEmpty() + pathAbEmpty(),
                segmentNonEmptyNoColon() + pathAbEmpty()) + queryAndFragment();
        }
    }
}
