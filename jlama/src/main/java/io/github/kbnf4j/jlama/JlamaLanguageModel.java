package io.github.kbnf4j.jlama;

import com.github.tjake.jlama.model.AbstractModel;
import com.github.tjake.jlama.model.ModelSupport;
import com.github.tjake.jlama.safetensors.Config;
import com.github.tjake.jlama.safetensors.DType;
import com.github.tjake.jlama.safetensors.prompt.PromptContext;
import com.github.tjake.jlama.safetensors.prompt.PromptSupport;
import com.github.tjake.jlama.tensor.KvBufferCache;
import io.github.kbnf4j.decode.ChatMessage;
import io.github.kbnf4j.decode.LanguageModel;
import io.github.kbnf4j.decode.LogitsSession;
import io.github.kbnf4j.runtime.Vocabulary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A model loaded by Jlama from a Hugging Face model directory, as a {@link LanguageModel}.
 *
 * <h2>Vocabulary</h2>
 * Read by kbnf4j from the directory's own {@code tokenizer.json} ({@link
 * Vocabulary#fromTokenizerJson(Path)}, which also reads {@code tokenizer_config.json} and {@code
 * generation_config.json} beside it for end-of-sequence tokens), with the {@code eos_token_id}s of
 * {@code config.json} added to its EOS ids. When the model has more logits than the tokenizer has
 * ids ({@code vocab_size} larger than the tokenizer, a padded output layer), the vocabulary is
 * widened to {@link #logitsSize()} with ids that are never allowed.
 *
 * <h2>Prompts</h2>
 * {@link #encode} is Jlama's tokenizer on the plain text. {@link #encodeConversation} renders the
 * conversation with the model's chat template ({@code chat_template} of {@code
 * tokenizer_config.json}, through Jlama's {@link PromptSupport}) when it has one; otherwise with a
 * plain layout: each turn a paragraph {@code "System: ..."}, {@code "User: ..."} or {@code
 * "Assistant: ..."}, separated by a blank line, followed by a paragraph {@code "Assistant:"} for
 * the answer. Either way the model's beginning-of-sequence token is put first when Jlama puts it
 * first in its own prompts.
 *
 * <h2>Sessions</h2>
 * Each {@linkplain #newSession() session} has its own KV cache in memory (Jlama's ephemeral cache
 * pages); a prompt is computed in one batched forward pass, then each appended token in one
 * forward pass. The logits are those Jlama itself samples from (its output norm, output layer,
 * and any logit scaling or soft-capping of the architecture).
 *
 * <h2>Thread-safety</h2>
 * The model (weights, vocabulary, encoding) is shared and may be used from any thread; Jlama
 * parallelizes each forward pass over its own thread pool. A session is used by one thread at a
 * time; sessions of one model are not promised to run at the same time. While a session computes,
 * another thread may compute a mask (the decoder's overlap).
 */
public final class JlamaLanguageModel implements LanguageModel {
    private final Path directory;
    private final AbstractModel model;
    private final KvBufferCache kvCaches;
    private final Vocabulary vocabulary;
    private final int logitsSize;
    private final int contextLength;

    private JlamaLanguageModel(Path directory, AbstractModel model, Vocabulary vocabulary) {
        this.directory = directory;
        this.model = model;
        this.kvCaches = new KvBufferCache(model);
        this.vocabulary = vocabulary;
        this.logitsSize = model.getConfig().vocabularySize;
        this.contextLength = usableContextLength(model.getConfig());
    }

    /**
     * The longest sequence Jlama can compute for this configuration. With grouped-query attention,
     * Jlama 0.8.4 looks up a key head's rotary frequencies at the position's offset plus the head
     * group's offset, so the last {@code 2 * (kvHeads - 1)} positions would read past its table of
     * {@code max_position_embeddings} positions (an index out of bounds deep in its attention).
     */
    static int usableContextLength(Config c) {
        return c.isGQA ? c.contextLength - 2 * (c.numberOfKeyValueHeads - 1) : c.contextLength;
    }

    /**
     * Loads the model in {@code directory}: {@code config.json} (an architecture Jlama supports,
     * such as Llama, Mistral, Qwen2, Gemma), {@code tokenizer.json}, and the weights as {@code
     * model.safetensors} or an index of several {@code *.safetensors} files. The weights are
     * memory-mapped; computation is in 32-bit floats.
     *
     * @throws IllegalStateException if the JVM was started without the Vector API module (the
     *     message says to add {@code --add-modules jdk.incubator.vector})
     * @throws NoSuchFileException if the directory or one of those files is missing
     * @throws IOException if a file cannot be read or is not understood, or Jlama refuses the model
     *     (the message names the directory and Jlama's reason)
     */
    public static JlamaLanguageModel load(Path directory) throws IOException {
        Objects.requireNonNull(directory, "directory");
        requireVectorApi();
        if (!Files.isDirectory(directory)) {
            throw new NoSuchFileException(directory.toString(), null, "not a model directory");
        }
        requireFile(directory.resolve("config.json"));
        Path tokenizer = requireFile(directory.resolve("tokenizer.json"));
        if (!hasSafetensors(directory)) {
            throw new NoSuchFileException(directory.resolve("model.safetensors").toString(), null,
                    "no *.safetensors weights in the model directory");
        }
        Vocabulary vocabulary = Vocabulary.fromTokenizerJson(tokenizer);
        AbstractModel model;
        try {
            // F32 working memory; I8 is Jlama's usual choice for activations of quantized (Q4) weights,
            // and Jlama itself keeps F32/BF16 weights' activations unquantized.
            model = ModelSupport.loadModel(directory.toFile(), DType.F32, DType.I8);
        } catch (RuntimeException e) {
            throw new IOException(directory + ": Jlama cannot load the model: " + describe(e), e);
        }
        try {
            return new JlamaLanguageModel(directory, model, withModelShape(directory, vocabulary, model.getConfig()));
        } catch (IOException | RuntimeException e) {
            closeQuietly(model);
            throw e;
        }
    }

    /** The name of the incubating module that Jlama's arithmetic runs on. */
    static final String VECTOR_MODULE = "jdk.incubator.vector";

    /**
     * Fails clearly when the Vector API is absent: Jlama would fail on first use, with a
     * NoClassDefFoundError from deep inside it.
     */
    static void requireVectorApi() {
        if (ModuleLayer.boot().findModule(VECTOR_MODULE).isEmpty()) {
            throw new IllegalStateException("Jlama needs the incubating Vector API, which this JVM was started without: "
                    + "run java with --add-modules " + VECTOR_MODULE);
        }
    }

    /** The vocabulary with config.json's EOS ids added and as many ids as the model has logits. */
    private static Vocabulary withModelShape(Path directory, Vocabulary vocabulary, Config c) throws IOException {
        if (vocabulary.size() > c.vocabularySize) {
            throw new IOException(directory + ": tokenizer.json has " + vocabulary.size()
                    + " token ids but the model has only " + c.vocabularySize + " logits (vocab_size in config.json)");
        }
        Vocabulary v = vocabulary.withSize(c.vocabularySize);
        int[] eos = v.eosIds();
        if (c.eosTokens != null) {
            for (Integer id : c.eosTokens) {
                if (id != null && id >= 0 && id < v.size() && Arrays.stream(eos).noneMatch(e -> e == id)) {
                    eos = Arrays.copyOf(eos, eos.length + 1);
                    eos[eos.length - 1] = id;
                }
            }
        }
        return eos.length == v.eosIds().length ? v : v.withEos(eos);
    }

    private static Path requireFile(Path file) throws NoSuchFileException {
        if (!Files.isRegularFile(file)) {
            throw new NoSuchFileException(file.toString(), null, "missing from the model directory");
        }
        return file;
    }

    private static boolean hasSafetensors(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.anyMatch(f -> f.getFileName().toString().endsWith(".safetensors"));
        }
    }

    private static String describe(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage();
        return message == null ? root.getClass().getName() : message;
    }

    private static void closeQuietly(AbstractModel model) {
        try {
            model.close();
            model.getWeights().close();
        } catch (Exception ignored) {
            // already failing: the first exception is the one to report
        }
    }

    /** The directory the model was loaded from. */
    public Path directory() {
        return directory;
    }

    /**
     * The longest sequence a session can hold: {@code max_position_embeddings} of config.json, less
     * {@code 2 * (num_key_value_heads - 1)} positions with grouped-query attention (positions Jlama
     * cannot compute; see {@link #usableContextLength}).
     */
    public int contextLength() {
        return contextLength;
    }

    /** Whether {@link #encodeConversation} uses the model's chat template (else the plain layout). */
    public boolean hasChatTemplate() {
        return model.promptSupport().isPresent();
    }

    /** Jlama's model, for what this class does not expose (Jlama's own generation, its tokenizer). */
    public AbstractModel jlamaModel() {
        return model;
    }

    @Override
    public Vocabulary vocabulary() {
        return vocabulary;
    }

    @Override
    public int logitsSize() {
        return logitsSize;
    }

    /**
     * {@inheritDoc}
     *
     * <p>Jlama's tokenizer splits out added tokens first, so text that spells a special token (such
     * as {@code <|eot_id|>}) is encoded as that token.
     */
    @Override
    public int[] encode(String text) {
        Objects.requireNonNull(text, "text");
        return toInts(model.getTokenizer().encode(text));
    }

    @Override
    public int[] encodeConversation(List<ChatMessage> conversation) {
        Objects.requireNonNull(conversation, "conversation");
        if (conversation.isEmpty()) {
            throw new IllegalArgumentException("the conversation is empty");
        }
        Optional<PromptSupport> template = model.promptSupport();
        PromptContext prompt = template.isPresent()
                ? templated(template.get(), conversation)
                : PromptContext.of(plainLayout(conversation));
        return model.encodePrompt(prompt);
    }

    private static PromptContext templated(PromptSupport template, List<ChatMessage> conversation) {
        PromptSupport.Builder b = template.builder();
        for (ChatMessage m : conversation) {
            switch (m.role()) {
                case SYSTEM -> b.addSystemMessage(m.text());
                case USER -> b.addUserMessage(m.text());
                case ASSISTANT -> b.addAssistantMessage(m.text());
            }
        }
        return b.build();
    }

    /** The prompt of a model without a chat template (see the class comment). */
    static String plainLayout(List<ChatMessage> conversation) {
        StringBuilder s = new StringBuilder();
        for (ChatMessage m : conversation) {
            String role = switch (m.role()) {
                case SYSTEM -> "System";
                case USER -> "User";
                case ASSISTANT -> "Assistant";
            };
            s.append(role).append(": ").append(m.text()).append("\n\n");
        }
        return s.append("Assistant:").toString();
    }

    private static int[] toInts(long[] ids) {
        int[] out = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            out[i] = Math.toIntExact(ids[i]);
        }
        return out;
    }

    @Override
    public LogitsSession newSession() {
        return new JlamaLogitsSession(model, kvCaches.getEphemeralKvBuffer(), logitsSize, contextLength);
    }

    /** Releases the KV caches and unmaps the weights; sessions must not be used afterwards. */
    @Override
    public void close() {
        kvCaches.close();
        try {
            model.close();
            model.getWeights().close();
        } catch (Exception e) {
            throw new IllegalStateException(directory + ": closing the model failed: " + describe(e), e);
        }
    }

    @Override
    public String toString() {
        return "JlamaLanguageModel[" + directory + ", " + model.getClass().getSimpleName() + ", " + logitsSize + " logits]";
    }
}
