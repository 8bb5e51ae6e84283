package io.github.kbnf4j.jlama;

import com.github.tjake.jlama.model.AbstractModel;
import com.github.tjake.jlama.tensor.AbstractTensor;
import com.github.tjake.jlama.tensor.FloatBufferTensor;
import com.github.tjake.jlama.tensor.KvBufferCache;
import com.github.tjake.jlama.tensor.TensorShape;
import io.github.kbnf4j.decode.LogitsSession;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.Arrays;
import java.util.Optional;

/**
 * One sequence of a {@link JlamaLanguageModel}: a KV cache, the position, and one logits buffer
 * reused by every step.
 *
 * <p>A step runs Jlama's forward pass (batched for several tokens, such as a prompt) and then
 * Jlama's own output layer through {@link AbstractModel#sample} at temperature 0, which writes the
 * raw logits (after the architecture's scaling and soft-capping) into this session's buffer and
 * returns their argmax, which is ignored. The buffer is then copied into the caller's array: no
 * array is allocated per step. Not thread-safe.
 */
final class JlamaLogitsSession implements LogitsSession {
    private final AbstractModel model;
    private final KvBufferCache.KvBuffer kv;
    private final int logitsSize;
    private final int contextLength;
    /** Direct, little-endian: the memory Jlama's vector code writes the logits into. */
    private final FloatBuffer logitsBuffer;
    private final AbstractTensor logitsTensor;
    private int length;
    private boolean closed;

    JlamaLogitsSession(AbstractModel model, KvBufferCache.KvBuffer kv, int logitsSize, int contextLength) {
        this.model = model;
        this.kv = kv;
        this.logitsSize = logitsSize;
        this.contextLength = contextLength;
        this.logitsBuffer = ByteBuffer.allocateDirect(logitsSize * Float.BYTES)
                .order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer();
        // the shape Jlama's own generate loop gives its logits tensor
        this.logitsTensor = new FloatBufferTensor(logitsBuffer, TensorShape.of(logitsSize), true);
    }

    @Override
    public void append(int[] tokens, int from, int to, float[] logits) {
        if (closed) {
            throw new IllegalStateException("the session is closed");
        }
        if (from < 0 || to > tokens.length || from >= to) {
            throw new IllegalArgumentException("token range [" + from + ", " + to + ") is empty or outside an array of "
                    + tokens.length);
        }
        if (logits.length < logitsSize) {
            throw new IllegalArgumentException("logits array has " + logits.length + " entries; the model needs "
                    + logitsSize);
        }
        for (int i = from; i < to; i++) {
            if (tokens[i] < 0 || tokens[i] >= logitsSize) {
                throw new IllegalArgumentException("token id " + tokens[i] + " at index " + i
                        + " is outside the model's vocabulary (0.." + (logitsSize - 1) + ")");
            }
        }
        int n = to - from;
        if (length + n > contextLength) {
            throw new IllegalStateException("the sequence would hold " + (length + n)
                    + " tokens, more than the model's context length " + contextLength
                    + " (max_position_embeddings in config.json)");
        }
        if (n == 1) {
            AbstractTensor out = model.forward(tokens[from], length, kv, Optional.empty());
            try {
                model.sample(out, 0f, 0f, logitsTensor);
            } finally {
                out.close();
            }
        } else {
            int[] batch = from == 0 && to == tokens.length ? tokens : Arrays.copyOfRange(tokens, from, to);
            AbstractTensor out = model.batchForward(batch, length, kv);
            try {
                model.sample(out.slice(out.shape().first() - 1), 0f, 0f, logitsTensor);
            } finally {
                out.close();
            }
        }
        length += n;
        logitsBuffer.get(0, logits, 0, logitsSize);
    }

    @Override
    public int length() {
        return length;
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            kv.close();
        }
    }
}
