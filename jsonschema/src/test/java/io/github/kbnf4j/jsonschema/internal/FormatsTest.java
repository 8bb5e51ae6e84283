package io.github.kbnf4j.jsonschema.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import io.github.kbnf4j.grammar.internal.automata.Regexes;
import java.nio.charset.StandardCharsets;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;

/** Each format against a slow reference or exhaustively, beyond the official suite's samples. */
class FormatsTest {

    static ByteDfa dfa(String format) {
        return FormatsSuiteTest.dfa(format);
    }

    static boolean matches(String format, String s) {
        return dfa(format).matches(s.getBytes(StandardCharsets.UTF_8));
    }

    private static void accepts(String format, String... texts) {
        for (String t : texts) {
            assertTrue(matches(format, t), () -> format + " should accept " + t);
        }
    }

    private static void rejects(String format, String... texts) {
        for (String t : texts) {
            assertFalse(matches(format, t), () -> format + " should reject " + t);
        }
    }

    /** Every YYYY-MM-DD with month 00..13 and day 00..32, against java.time's proleptic Gregorian calendar. */
    @Test
    void dateIsTheCalendarExactly() {
        ByteDfa date = dfa("date");
        byte[] text = "0000-00-00".getBytes(StandardCharsets.US_ASCII);
        for (int year = 0; year <= 9999; year++) {
            put(text, 0, year, 4);
            for (int month = 0; month <= 13; month++) {
                put(text, 5, month, 2);
                int days = month >= 1 && month <= 12 ? YearMonth.of(year, month).lengthOfMonth() : 0;
                for (int day = 0; day <= 32; day++) {
                    put(text, 8, day, 2);
                    boolean valid = day >= 1 && day <= days;
                    if (date.matches(text) != valid) {
                        assertEquals(valid, date.matches(text), new String(text, StandardCharsets.US_ASCII));
                    }
                }
            }
        }
    }

    private static void put(byte[] text, int at, int value, int width) {
        for (int i = width - 1; i >= 0; i--) {
            text[at + i] = (byte) ('0' + value % 10);
            value /= 10;
        }
    }

    /**
     * Second 60 with every offset (Z and all ±HH:MM) at every local time: accepted exactly when
     * local time minus offset is 23:59 and the offset's minutes are 00, 30 or 45.
     */
    @Test
    void leapSecondsAtEveryOffset() {
        ByteDfa time = dfa("time");
        Set<Integer> leapOffsetMinutes = Set.of(0, 30, 45);
        byte[] numeric = "00:00:60+00:00".getBytes(StandardCharsets.US_ASCII);
        byte[] zulu = "00:00:60Z".getBytes(StandardCharsets.US_ASCII);
        int accepted = 0;
        for (int local = 0; local < 1440; local++) {
            put(numeric, 0, local / 60, 2);
            put(numeric, 3, local % 60, 2);
            put(zulu, 0, local / 60, 2);
            put(zulu, 3, local % 60, 2);
            assertEquals(local == 1439, time.matches(zulu), new String(zulu, StandardCharsets.US_ASCII));
            for (int sign : new int[] {1, -1}) {
                numeric[8] = (byte) (sign > 0 ? '+' : '-');
                for (int offset = 0; offset < 1440; offset++) {
                    put(numeric, 9, offset / 60, 2);
                    put(numeric, 12, offset % 60, 2);
                    boolean utcIs2359 = Math.floorMod(local - sign * offset, 1440) == 1439;
                    boolean expected = utcIs2359 && leapOffsetMinutes.contains(offset % 60);
                    if (time.matches(numeric) != expected) {
                        assertEquals(expected, time.matches(numeric), new String(numeric, StandardCharsets.US_ASCII));
                    }
                    accepted += expected ? 1 : 0;
                }
            }
        }
        assertEquals(2 * 24 * 3, accepted);
        accepts("date-time", "1998-12-31T15:59:60.123-08:00", "2016-12-31t23:59:60z", "2015-06-30T05:29:60.5+05:30",
            "2015-07-01T05:44:60+05:45");
        rejects("date-time", "1998-12-31T23:59:60+01:00", "1998-12-31T23:59:60.-08:00", "2020-01-01T00:29:60-23:31");
    }

    @Test
    void times() {
        accepts("time", "00:00:00Z", "23:59:59.999999999+23:59", "12:00:00-00:00", "08:30:06z", "10:00:00.0+14:00");
        rejects("time", "24:00:00Z", "12:00:00", "12:00:00.Z", "12:00:00+2400", "12:00:00+24:00", "1:00:00Z",
            "12:00:00 Z", "12:00:00ZZ");
        accepts("date-time", "0000-02-29T00:00:00Z", "9999-12-31T23:59:59.5+00:00");
        rejects("date-time", "1900-02-29T00:00:00Z", "2000-01-01 00:00:00Z", "2000-01-01T00:00:00");
    }

    @Test
    void durations() {
        accepts("duration", "P1Y", "P1Y2M", "P1Y2M3D", "P1M2D", "P3D", "PT1H", "PT1H2M", "PT1H2M3S", "PT2M3S", "PT3S",
            "P1DT1S", "P7W", "P0D", "P1Y2M3DT4H5M6S");
        rejects("duration", "P", "PT", "P1YT", "P1Y2D", "PT1H2S", "P1W2D", "p1d", "P1.5D", "P-1D", "1D", "P1DT", "PT1D",
            "P1S");
    }

    @Test
    void ipv4IsEveryOctetOnce() {
        for (int octet = 0; octet < 1000; octet++) {
            String s = Integer.toString(octet);
            assertEquals(octet <= 255, matches("ipv4", "1.2." + s + ".4"), s);
            assertEquals(octet <= 255, matches("ipv4", s + ".0.0.0"), s);
            if (octet < 100) {
                assertFalse(matches("ipv4", "1.2.3.0" + s), "0" + s);
            }
        }
        rejects("ipv4", "1.2.3", "1.2.3.4.5", "1..2.3", "", " 1.2.3.4", "1.2.3.4\n");
    }

    /** RFC 4291 §2.2, written as a parser: eight groups, one "::" for at least one, an IPv4 tail for two. */
    static boolean isIpv6(String s, int maxGroupsAroundCompression) {
        int compression = s.indexOf("::");
        if (compression >= 0 && s.indexOf("::", compression + 1) >= 0) {
            return false;
        }
        List<String> groups = new ArrayList<>();
        if (compression < 0) {
            groups.addAll(List.of(s.split(":", -1)));
        } else {
            String head = s.substring(0, compression);
            String tail = s.substring(compression + 2);
            if (!head.isEmpty()) {
                groups.addAll(List.of(head.split(":", -1)));
            }
            if (!tail.isEmpty()) {
                groups.addAll(List.of(tail.split(":", -1)));
            }
        }
        int count = 0;
        for (int i = 0; i < groups.size(); i++) {
            String g = groups.get(i);
            boolean last = i == groups.size() - 1 && (compression < 0 || !s.endsWith("::"));
            if (last && g.contains(".")) {
                if (!Formats.regex("ipv4").map(r -> g.matches(r.replace("\\d", "[0-9]"))).orElseThrow()) {
                    return false;
                }
                count += 2;
            } else if (g.matches("[0-9A-Fa-f]{1,4}")) {
                count++;
            } else {
                return false;
            }
        }
        return compression < 0 ? count == 8 : count <= maxGroupsAroundCompression;
    }

    @Provide
    Arbitrary<String> ipv6Candidates() {
        Arbitrary<String> group = Arbitraries.oneOf(Arbitraries.strings().withChars("0123456789abcdefABCDEF")
            .ofMinLength(1).ofMaxLength(5), Arbitraries.of("", "0", "ffff", "1.2.3.4", "192.168.0.01", "255.255.255.255"));
        return Combinators.combine(group.list().ofMinSize(1).ofMaxSize(9), Arbitraries.integers().between(-1, 9),
            Arbitraries.integers().between(0, 3)).as((groups, at, extra) -> {
                StringBuilder sb = new StringBuilder();
                for (int i = 0; i < groups.size(); i++) {
                    sb.append(i == 0 ? "" : i == at ? "::" : ":").append(groups.get(i));
                }
                return (at == 0 ? "::" : "") + sb + (at >= groups.size() ? "::" : "") + ":".repeat(extra / 3);
            });
    }

    @Property(tries = 3000)
    void ipv6AgainstAParser(@ForAll("ipv6Candidates") String s) {
        Statistics.label("ipv6").collect(isIpv6(s, 7) ? "valid" : "invalid");
        assertEquals(isIpv6(s, 7), matches("ipv6", s), s);
        // RFC 5321's literal: "::" stands for at least two groups.
        assertEquals(isIpv6(s, 6), matches("email", "a@[IPv6:" + s + "]"), s);
    }

    @Test
    void ipv6Examples() {
        accepts("ipv6", "::", "::1", "1::", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6::8", "::2:3:4:5:6:7:8", "::ffff:1.2.3.4",
            "1:2:3:4:5:6:1.2.3.4", "fe80::1:2", "ABCD::ef01");
        rejects("ipv6", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7", "1::2::3", ":1:2:3:4:5:6:7", "1:2:3:4:5:6:7:",
            "::1.2.3.4.5", "1:2:3:4:5:6:7:1.2.3.4", "12345::", "::1%eth0", "[::1]");
    }

    /** The documented hostname subset: LDH labels, no "--" at 3-4, lengths 63, 63, 63, then up to five of 11. */
    static boolean documentedHostname(String s) {
        String[] labels = s.split("\\.", -1);
        if (labels.length > 8) {
            return false;
        }
        for (int i = 0; i < labels.length; i++) {
            String l = labels[i];
            if (l.length() > (i < 3 ? 63 : 11) || !l.matches("[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?")
                || l.length() >= 4 && l.startsWith("--", 2)) {
                return false;
            }
        }
        return true;
    }

    /** RFC 1123 with RFC 1034's length: what every accepted hostname must satisfy. */
    static boolean rfcHostname(String s) {
        if (s.length() > 253) {
            return false;
        }
        for (String l : s.split("\\.", -1)) {
            if (l.length() > 63 || !l.matches("[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?")) {
                return false;
            }
        }
        return true;
    }

    @Provide
    Arbitrary<String> hostnames() {
        Arbitrary<String> label = Arbitraries.oneOf(
            Arbitraries.strings().withChars("ab9-").ofMinLength(0).ofMaxLength(14),
            Arbitraries.strings().withChars("ab9-").ofMinLength(0).ofMaxLength(70),
            Arbitraries.of("www", "example", "com", "xn--9n2bp8q", "a--b", "ab--c", "-a", "a-", "a".repeat(63)));
        return label.list().ofMinSize(1).ofMaxSize(10).map(l -> String.join(".", l));
    }

    @Property(tries = 3000)
    void hostnamesAsDocumented(@ForAll("hostnames") String s) {
        boolean accepted = matches("hostname", s);
        Statistics.label("hostname").collect(accepted ? "accepted" : rfcHostname(s) ? "valid, left out" : "invalid");
        assertEquals(documentedHostname(s), accepted, s);
        if (accepted) {
            assertTrue(rfcHostname(s), s);
        }
    }

    @Test
    void hostnameLimits() {
        String l63 = "a".repeat(63);
        accepts("hostname", l63, l63 + "." + l63 + "." + l63 + ".abcdefghijk.b.c.d.e", "www.example.co.uk", "a--b.c",
            "1.2.3.4", "a-b-c");
        rejects("hostname", "a".repeat(64), l63 + "." + l63 + "." + l63 + "." + "abcdefghijkl", "a.b.c.d.e.f.g.h.i",
            "xn--9n2bp8q", "ab--cd", "a..b", "", ".", "a.", "-a", "a_b");
    }

    @Test
    void emails() {
        accepts("email", "joe.bloggs@example.com", "\"joe bloggs\"@example.com", "\"a\\\"b\\\\c\"@x.org",
            "!#$%&'*+-/=?^_`{|}~@example.com", "a@[127.0.0.1]", "a@[IPv6:::1]", "a@[ipv6:1:2:3:4:5:6:7:8]",
            "a@[IPv6:1::1.2.3.4]", "\"\"@a");
        rejects("email", "a@b@c", "a..b@c", ".a@c", "a.@c", "a@", "@c", "a b@c", "a@[IPv6:1:2:3:4:5:6::7]",
            "a@[1.2.3.256]", "a@[tag:stuff]", "\"a\"b\"@c", "a@c.", "\"\u00e9\"@c", "\u00e9@c");
    }

    @Test
    void uris() {
        accepts("uri", "http://a", "http://user:pw@[::1]:8080/p/a?q=1&r#f", "urn:isbn:0451450523", "file:///etc/hosts",
            "x:", "a+b-c.d:", "http://[v7.a:b]/", "mailto:a@b", "http://a/%20%41", "http://a:/");
        rejects("uri", "", "/a", "//a", "1a:b", "http://a b", "http://[::1/", "http://a:12a/", "http://%zz/",
            "http://\u00e9", "http://a/#a#b", "http://[1.2.3.4]/", "a:b\\c");
        accepts("uri-reference", "", "a", "./a:b", "?q", "#f", "//", "//a/b", "/a/b", "a/b:c", "http://a");
        rejects("uri-reference", "a:b c", ":a", "a b", "\\a", "%", "#a#b");
        accepts("iri", "http://\u00e9.fr/\u03c0?\udb80\udc00#\u00df", "urn:\u00e9");
        rejects("iri", "http://a/#\udb80\udc00", "http://a/\u00a0\u007f", "/\u00e9");
        accepts("iri-reference", "\u00e9", "/\u03c0", "#\u00df");
    }

    @Test
    void templatesPointersUuids() {
        accepts("uri-template", "", "a{b}c", "{+x,y*,z:9999}", "{%41.b}", "a'b", "http://a/{?q}{&r}{#f}{/p}{;m}{.d}");
        rejects("uri-template", "{", "}", "{}", "{=x}", "{!x}", "{x:0}", "{x:10000}", "{x,}", "{.x.}", "a b", "a\"b",
            "a%4", "{x y}");
        accepts("json-pointer", "", "/", "//", "/a~0b~1c", "/\u00e9\n/ ");
        rejects("json-pointer", "a", "#/a", "/~", "/~2", "/a~");
        accepts("relative-json-pointer", "0", "12#", "3/a/b", "0/", "10");
        rejects("relative-json-pointer", "", "01", "-1", "#", "0##", "0#/a", "1/~");
        accepts("uuid", "00000000-0000-0000-0000-000000000000", "ABCDEFab-cdef-1234-5678-90abCDEF1234");
        rejects("uuid", "00000000-0000-0000-0000-00000000000", "00000000000000000000000000000000",
            "{00000000-0000-0000-0000-000000000000}", "g0000000-0000-0000-0000-000000000000");
    }

    @Test
    void regexesCompileUnderTheGrammarDefaults() {
        // GrammarOptions.DEFAULT: maxRepetition 10,000, maxDfaStates 20,000; the largest is date-time.
        int largest = 0;
        for (String format : Formats.names()) {
            ByteDfa d = Regexes.compile(Formats.regex(format).orElseThrow(), 10_000, 20_000);
            largest = Math.max(largest, d.stateCount());
        }
        assertEquals(dfa("date-time").stateCount(), largest);
    }
}
