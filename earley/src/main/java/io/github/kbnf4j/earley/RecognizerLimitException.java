package io.github.kbnf4j.earley;

/**
 * A {@link Recognizer} limit of {@link RecognizerOptions} was reached. The message names the
 * setting and its value; the recognizer is left as it was before the byte that hit the limit.
 */
public final class RecognizerLimitException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String setting;
    private final long limit;

    /**
     * @param setting the name of the {@link RecognizerOptions} component that was exceeded
     * @param limit its value
     * @param what what exceeded it, for the message (e.g. "chart set 1234")
     */
    public RecognizerLimitException(String setting, long limit, String what) {
        this(setting, limit, what, "RecognizerOptions");
    }

    /**
     * @param setting the name of the exceeded setting
     * @param limit its value
     * @param what what exceeded it, for the message
     * @param owner the simple name of the options class whose {@code with…} method raises it (e.g.
     *     {@code ConstraintOptions})
     */
    public RecognizerLimitException(String setting, long limit, String what, String owner) {
        super(what + " exceeds the limit " + setting + " = " + limit
                + " (raise it with " + owner + ".with" + Character.toUpperCase(setting.charAt(0))
                + setting.substring(1) + ")");
        this.setting = setting;
        this.limit = limit;
    }

    /**
     * The name of the exceeded setting: {@code maxItemsPerSet}, {@code maxChartBytes} or
     * {@code maxWorkPerByte} of {@link RecognizerOptions}, or a setting of the caller that bounded
     * the work of several pushes (see {@link Recognizer#limitWork}).
     */
    public String setting() {
        return setting;
    }

    /** The value of the exceeded setting. */
    public long limit() {
        return limit;
    }
}
