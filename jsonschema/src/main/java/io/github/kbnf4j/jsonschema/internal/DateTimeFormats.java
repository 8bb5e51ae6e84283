package io.github.kbnf4j.jsonschema.internal;

import static io.github.kbnf4j.jsonschema.internal.RegexText.group;
import static io.github.kbnf4j.jsonschema.internal.RegexText.optional;
import static io.github.kbnf4j.jsonschema.internal.RegexText.padded;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Regexes of the date and time formats: {@code date-time}, {@code date}, {@code time} (RFC 3339
 * §5.6) and {@code duration} (RFC 3339 Appendix A, as JSON Schema's format appendix cites it).
 *
 * <p>Exact, except two documented subsets:
 * <ul>
 *   <li>Leap seconds. RFC 3339 allows second 60 only where a leap second happens, which is at
 *       23:59:60 UTC: the local time minus the offset must be 23:59. This is checked exactly, but
 *       only for offsets whose minutes are 00, 30 or 45 (every offset in use: {@code -08:00},
 *       {@code +05:30}, {@code +05:45}); a leap second with another offset ({@code +01:17}) is
 *       left out. That keeps {@code time} at about 850 states: the exact rule must remember all
 *       1,440 local times through the seconds and the fraction, and exceeds the 20,000-state
 *       default limit. Any date may carry a leap second (RFC 3339 would limit them to the last
 *       day of June or December, in UTC).</li>
 *   <li>Duration designators are upper case ({@code P1D}, not {@code p1d}): ABNF strings are
 *       case-insensitive, but validators and ISO 8601 use upper case, so this is the safe side.</li>
 * </ul>
 * The calendar is exact: days per month, February 29 only in leap years of the proleptic
 * Gregorian calendar (divisible by 4, centuries only when divisible by 400; year 0000 is a leap
 * year). {@code T} and {@code Z} may be lower case, as RFC 3339 §5.6 notes.
 */
final class DateTimeFormats {
    private static final String HOUR = "(?:[01]\\d|2[0-3])";
    private static final String MINUTE = "[0-5]\\d";
    private static final String SECOND_FRACTION = "(?:\\.\\d+)?";
    private static final String NUMERIC_OFFSET = "[+\\-]" + HOUR + ":" + MINUTE;
    private static final String OFFSET = group("[Zz]", NUMERIC_OFFSET);
    /** The offset minutes for which leap seconds are checked exactly (see the class comment). */
    private static final int[] LEAP_OFFSET_MINUTES = {0, 30, 45};

    private DateTimeFormats() {
    }

    /** RFC 3339 {@code full-date}: {@code YYYY-MM-DD} with real days per month. */
    static String date() {
        String day28 = "(?:0[1-9]|1\\d|2[0-8])";
        String day30 = "(?:0[1-9]|[12]\\d|30)";
        String day31 = "(?:0[1-9]|[12]\\d|3[01])";
        String anyYear = "\\d{4}-" + group(
            "(?:0[13578]|1[02])-" + day31,
            "(?:0[469]|11)-" + day30,
            "02-" + day28);
        return group(anyYear, leapYear() + "-02-29");
    }

    /**
     * The four-digit leap years: YY divisible by 4 but not 00, or YY = 00 and the century CC
     * divisible by 4. Two digits are divisible by 4 iff an even tens digit meets 0, 4, 8 or an
     * odd one meets 2, 6.
     */
    private static String leapYear() {
        String divisibleBy4 = "(?:[02468][048]|[13579][26])";
        String divisibleBy4Not00 = "(?:0[48]|[2468][048]|[13579][26])";
        return group("\\d\\d" + divisibleBy4Not00, divisibleBy4 + "00");
    }

    /** RFC 3339 {@code full-time}: {@code HH:MM:SS[.frac]} and an offset, leap seconds as documented. */
    static String time() {
        String ordinary = HOUR + ":" + MINUTE + ":[0-5]\\d" + SECOND_FRACTION + OFFSET;
        return group(ordinary, leapSecond());
    }

    /**
     * Second 60 at the local times that are 23:59 UTC: {@code hh:mm:60[.frac]} followed by exactly
     * the offsets that map {@code hh:mm} to 23:59, grouped by local time.
     */
    private static String leapSecond() {
        Map<Integer, List<String>> offsetsByLocalMinute = new TreeMap<>();
        int utc = 23 * 60 + 59;
        offsetsByLocalMinute.computeIfAbsent(utc, k -> new ArrayList<>()).add("[Zz]");
        for (int hours = 0; hours < 24; hours++) {
            for (int minutes : LEAP_OFFSET_MINUTES) {
                int offset = hours * 60 + minutes;
                String text = padded(hours, 2) + ":" + padded(minutes, 2);
                // local = UTC + offset (RFC 3339 §4.2: the offset is local time minus UTC)
                offsetsByLocalMinute.computeIfAbsent(Math.floorMod(utc + offset, 1440), k -> new ArrayList<>())
                    .add("\\+" + text);
                offsetsByLocalMinute.computeIfAbsent(Math.floorMod(utc - offset, 1440), k -> new ArrayList<>())
                    .add("-" + text);
            }
        }
        List<String> alternatives = new ArrayList<>();
        offsetsByLocalMinute.forEach((local, offsets) -> alternatives.add(
            padded(local / 60, 2) + ":" + padded(local % 60, 2) + ":60" + SECOND_FRACTION + group(offsets)));
        return group(alternatives);
    }

    /** RFC 3339 {@code date-time}: a {@link #date()}, {@code T} or {@code t}, and a {@link #time()}. */
    static String dateTime() {
        return date() + "[Tt]" + time();
    }

    /** RFC 3339 Appendix A {@code duration}: {@code P1Y2M3DT4H5M6S}, {@code PT36H}, {@code P2W}. */
    static String duration() {
        String second = "\\d+S";
        String minute = "\\d+M" + optional(second);
        String hour = "\\d+H" + optional(minute);
        String time = "T" + group(hour, minute, second);
        String day = "\\d+D";
        String month = "\\d+M" + optional(day);
        String year = "\\d+Y" + optional(month);
        String week = "\\d+W";
        return "P" + group(group(day, month, year) + optional(time), time, week);
    }
}
