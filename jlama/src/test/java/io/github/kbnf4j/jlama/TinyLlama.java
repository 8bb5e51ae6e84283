package io.github.kbnf4j.jlama;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.kbnf4j.jlama.SafetensorsWriter.DType;
import io.github.kbnf4j.jlama.SafetensorsWriter.Init;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The shape of a Llama-architecture model with random weights, and the writer of its Hugging Face
 * directory ({@code config.json}, {@code model.safetensors}, the tokenizer files). The cost of a forward pass does not depend on the weights' values, so such a model times like a
 * trained one of its shape.
 *
 * @param hidden hidden size
 * @param layers number of transformer blocks
 * @param heads attention heads
 * @param kvHeads key/value heads (grouped-query attention when fewer than {@code heads})
 * @param intermediate the MLP's inner size
 * @param contextLength {@code max_position_embeddings}
 * @param tied whether the input embedding doubles as the output layer (as in SmolLM2 and the small
 *     Llamas); else a separate {@code lm_head}
 */
record TinyLlama(int hidden, int layers, int heads, int kvHeads, int intermediate, int contextLength, boolean tied) {

    /**
     * A model that loads and steps in milliseconds: hidden 64, 2 layers, 4 heads, 2 KV heads. Its
     * output layer is separate and small, so its logits spread over about one unit and sampling at
     * temperature 1 picks among many tokens (a tied embedding makes a random model repeat its last
     * token).
     */
    static final TinyLlama TINY = new TinyLlama(64, 2, 4, 2, 128, 2048, false);

    /** The shape of SmolLM2-360M: hidden 960, 32 layers, 15 heads, 5 KV heads, intermediate 2560, tied. */
    static final TinyLlama SMOLLM2_360M = new TinyLlama(960, 32, 15, 5, 2560, 8192, true);

    /** This shape with another context length. */
    TinyLlama withContextLength(int length) {
        return new TinyLlama(hidden, layers, heads, kvHeads, intermediate, length, tied);
    }

    /** Writes the model directory {@code dir} (created if absent) and returns it. */
    Path write(Path dir, TestTokenizer tokenizer, DType dtype, long seed) throws IOException {
        Files.createDirectories(dir);
        tokenizer.writeTo(dir);
        writeConfig(dir.resolve("config.json"), tokenizer);
        int headSize = hidden / heads;
        long v = tokenizer.vocabSize();
        // projections about Llama's initialization (std 0.02), the ones feeding attention and the MLP
        // larger so that a random model's layers change its hidden state visibly
        SafetensorsWriter w = new SafetensorsWriter(dtype);
        w.add("model.embed_tokens.weight", Init.uniform(0.5), v, hidden);
        if (!tied) {
            // logits = normalized hidden state (norm about sqrt(hidden)) times these rows: std about 1
            w.add("lm_head.weight", Init.uniform(1.0 / Math.sqrt(hidden)), v, hidden);
        }
        for (int i = 0; i < layers; i++) {
            String p = "model.layers." + i + ".";
            w.add(p + "input_layernorm.weight", Init.ones(), hidden);
            w.add(p + "self_attn.q_proj.weight", Init.uniform(0.02 * 4), (long) heads * headSize, hidden);
            w.add(p + "self_attn.k_proj.weight", Init.uniform(0.02 * 4), (long) kvHeads * headSize, hidden);
            w.add(p + "self_attn.v_proj.weight", Init.uniform(0.02 * 4), (long) kvHeads * headSize, hidden);
            w.add(p + "self_attn.o_proj.weight", Init.uniform(0.02), hidden, (long) heads * headSize);
            w.add(p + "post_attention_layernorm.weight", Init.ones(), hidden);
            w.add(p + "mlp.gate_proj.weight", Init.uniform(0.02 * 4), intermediate, hidden);
            w.add(p + "mlp.up_proj.weight", Init.uniform(0.02 * 4), intermediate, hidden);
            w.add(p + "mlp.down_proj.weight", Init.uniform(0.02), hidden, intermediate);
        }
        w.add("model.norm.weight", Init.ones(), hidden);
        w.write(dir.resolve("model.safetensors"), seed);
        return dir;
    }

    private void writeConfig(Path file, TestTokenizer tokenizer) throws IOException {
        ObjectMapper json = new ObjectMapper();
        ObjectNode c = json.createObjectNode();
        c.putArray("architectures").add("LlamaForCausalLM");
        c.put("model_type", "llama");
        c.put("hidden_size", hidden);
        c.put("intermediate_size", intermediate);
        c.put("num_attention_heads", heads);
        c.put("num_key_value_heads", kvHeads);
        c.put("num_hidden_layers", layers);
        c.put("max_position_embeddings", contextLength);
        c.put("rms_norm_eps", 1e-5);
        c.put("rope_theta", 10000.0);
        c.put("hidden_act", "silu");
        c.put("tie_word_embeddings", tied);
        c.put("vocab_size", tokenizer.vocabSize());
        c.put("bos_token_id", tokenizer.bosId());
        ArrayNode eos = c.putArray("eos_token_id");
        for (int id : tokenizer.eosIds()) {
            eos.add(id);
        }
        c.put("torch_dtype", "float32");
        json.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), c);
    }
}
