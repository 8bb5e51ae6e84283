package io.github.kbnf4j.jsonschema.internal;

import static io.github.kbnf4j.jsonschema.internal.RegexText.group;
import static io.github.kbnf4j.jsonschema.internal.RegexText.optional;
import static io.github.kbnf4j.jsonschema.internal.RegexText.repeat;

import java.util.ArrayList;
import java.util.List;

/**
 * Regexes of the address formats: {@code ipv4}, {@code ipv6}, {@code hostname} and {@code email}.
 *
 * <ul>
 *   <li>{@code ipv4}: RFC 2673 §3.2 dotted-quad, octets 0–255 without leading zeros. Exact.</li>
 *   <li>{@code ipv6}: RFC 4291 §2.2 text forms (as RFC 3986's {@code IPv6address}): eight groups of
 *       1–4 hex digits, one {@code ::} for one or more zero groups, an embedded dotted-quad in the
 *       last 32 bits. No zone ({@code %eth0}), no prefix ({@code /64}). Exact.</li>
 *   <li>{@code hostname}: RFC 1123 §2.1 labels of letters, digits and inner hyphens, 1–63
 *       characters, joined by dots, at most 253 characters in all. Two sound subsets:
 *       <ol>
 *         <li>Labels with {@code --} in their third and fourth characters are refused. RFC 5891
 *             reserves them; the only valid ones are Punycode A-labels ({@code xn--…}), whose
 *             validity (decoding, IDNA 2008 rules) is not regular in any useful size. So
 *             {@code xn--9n2bp8q} is refused, {@code a--b} is accepted.</li>
 *         <li>The 253-character limit (exactly, the product of a length counter and a label-length
 *             counter: over 10,000 states) is guaranteed structurally: the first three labels may have
 *             up to 63 characters each, up to five more labels up to 11 each (3·64 + 5·12 − 1 =
 *             251). So {@code www.example.co.uk} or a 63-character label plus {@code .com}
 *             pass; a fourth label longer than 11 characters or a ninth label do not.</li>
 *       </ol></li>
 *   <li>{@code email}: RFC 5321 §4.1.2 {@code Mailbox}: a dot-atom or quoted-string local part,
 *       {@code @}, and a domain that is a {@link #hostname()} or an address literal
 *       ({@code [192.168.0.1]}, {@code [IPv6:::1]} with RFC 5321's own IPv6 forms, in which
 *       {@code ::} stands for at least two groups). Subsets: the general address literal
 *       ({@code [tag:content]}) is refused; the size limits of RFC 5321 §4.5.3.1 (64-octet local
 *       part, 254-octet path) are not the syntax of §4.1.2 and are not applied, except those the
 *       hostname carries.</li>
 * </ul>
 */
final class InternetFormats {
    private static final String HEX = "[0-9A-Fa-f]";
    private static final String OCTET = "(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
    private static final String IPV4 = OCTET + "(?:\\." + OCTET + "){3}";
    private static final String H16 = HEX + "{1,4}";
    private static final String LETTER_DIGIT = "[A-Za-z0-9]";
    private static final String LETTER_DIGIT_HYPHEN = "[A-Za-z0-9\\-]";

    private InternetFormats() {
    }

    static String ipv4() {
        return IPV4;
    }

    /** RFC 3986 §3.2.2 {@code IPv6address}, which spells out RFC 4291's forms. */
    static String ipv6() {
        String g = "(?:" + H16 + ":)"; // a group and its colon
        String ls32 = group(H16 + ":" + H16, IPV4);
        return group(
            g + "{6}" + ls32,
            "::" + g + "{5}" + ls32,
            optional(H16) + "::" + g + "{4}" + ls32,
            optional(g + "{0,1}" + H16) + "::" + g + "{3}" + ls32,
            optional(g + "{0,2}" + H16) + "::" + g + "{2}" + ls32,
            optional(g + "{0,3}" + H16) + "::" + g + ls32,
            optional(g + "{0,4}" + H16) + "::" + ls32,
            optional(g + "{0,5}" + H16) + "::" + H16,
            optional(g + "{0,6}" + H16) + "::");
    }

    /** A hostname as documented in the class comment. */
    static String hostname() {
        String longLabel = label(63);
        String shortLabel = label(11);
        return longLabel + repeat("\\." + longLabel, 0, 2) + repeat("\\." + shortLabel, 0, 5);
    }

    /**
     * An LDH label of 1 to {@code max} characters (max ≥ 5): a letter or digit at both ends,
     * hyphens inside, but not hyphens in both the third and the fourth position.
     */
    private static String label(int max) {
        String a = LETTER_DIGIT;
        String h = LETTER_DIGIT_HYPHEN;
        String thirdAndFourth = group(a + h, "-" + a); // any pair but "--"
        // lengths 1; 2 to 4 (the pair is not inside yet); 5 to max
        return a + optional(group(h + "{0,2}" + a, h + thirdAndFourth + h + "{0," + (max - 5) + "}" + a));
    }

    /** The mailbox of RFC 5321 §4.1.2 as documented in the class comment. */
    static String email() {
        String atext = "[A-Za-z0-9!#$%&'*+/=?\\^_`{|}~\\-]";
        String dotAtom = atext + "+(?:\\." + atext + "+)*";
        String quotedString = "\"(?:[\\x20\\x21\\x23-\\x5B\\x5D-\\x7E]|\\\\[\\x20-\\x7E])*\"";
        String addressLiteral = "\\[" + group(IPV4, "[Ii][Pp][Vv]6:" + smtpIpv6()) + "\\]";
        return group(dotAtom, quotedString) + "@" + group(hostname(), addressLiteral);
    }

    /**
     * RFC 5321 §4.1.3 {@code IPv6-addr}: full, compressed with at most six groups besides the
     * {@code ::}, and the same two with an IPv4 tail (at most four groups besides the {@code ::}).
     */
    private static String smtpIpv6() {
        List<String> forms = new ArrayList<>();
        forms.add(H16 + "(?::" + H16 + "){7}");
        forms.add(H16 + "(?::" + H16 + "){5}:" + IPV4);
        for (int before = 0; before <= 6; before++) {
            forms.add(groups(before) + "::" + (before < 6 ? optional(oneToGroups(6 - before)) : ""));
        }
        for (int before = 0; before <= 4; before++) {
            forms.add(groups(before) + "::" + "(?:" + H16 + ":){0," + (4 - before) + "}" + IPV4);
        }
        return group(forms);
    }

    /** Exactly {@code n} colon-separated groups ("" for none). */
    private static String groups(int n) {
        return n == 0 ? "" : H16 + (n > 1 ? "(?::" + H16 + "){" + (n - 1) + "}" : "");
    }

    /** One to {@code max} colon-separated groups. */
    private static String oneToGroups(int max) {
        return H16 + (max > 1 ? "(?::" + H16 + "){0," + (max - 1) + "}" : "");
    }
}
