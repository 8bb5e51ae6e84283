package io.github.kbnf4j.jlama;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Writes a {@code .safetensors} file of generated tensors: an 8-byte little-endian header length,
 * the JSON header (each tensor's dtype, shape and byte range in the data), padded with spaces to a
 * multiple of 8, then the raw little-endian data. Values are generated while writing, in 1 MiB
 * chunks, so a file of hundreds of megabytes needs no array of that size.
 */
final class SafetensorsWriter {

    /** The element types written: 32-bit floats, or bfloat16 (the top half of a float, rounded to nearest even). */
    enum DType {
        F32(4), BF16(2);

        final int bytes;

        DType(int bytes) {
            this.bytes = bytes;
        }
    }

    /** How a tensor's values are made. */
    interface Init {
        float next(SplittableRandom random);

        /** Uniform in [-a, a] with standard deviation {@code std}. */
        static Init uniform(double std) {
            double a = Math.sqrt(3) * std;
            return r -> (float) ((r.nextDouble() * 2 - 1) * a);
        }

        /** All ones (a norm's scale). */
        static Init ones() {
            return r -> 1f;
        }
    }

    private record Tensor(String name, long[] shape, Init init) {
        long elements() {
            long n = 1;
            for (long d : shape) {
                n *= d;
            }
            return n;
        }
    }

    private final List<Tensor> tensors = new ArrayList<>();
    private final DType dtype;

    SafetensorsWriter(DType dtype) {
        this.dtype = dtype;
    }

    SafetensorsWriter add(String name, Init init, long... shape) {
        tensors.add(new Tensor(name, shape, init));
        return this;
    }

    /** Writes the file; tensor {@code i}'s values come from a generator seeded with {@code seed + i}. */
    void write(Path file, long seed) throws IOException {
        ObjectMapper json = new ObjectMapper();
        ObjectNode header = json.createObjectNode();
        header.putObject("__metadata__").put("format", "pt");
        long offset = 0;
        for (Tensor t : tensors) {
            ObjectNode entry = header.putObject(t.name());
            entry.put("dtype", dtype.name());
            ArrayNode shape = entry.putArray("shape");
            for (long d : t.shape()) {
                shape.add(d);
            }
            long size = t.elements() * dtype.bytes;
            entry.putArray("data_offsets").add(offset).add(offset + size);
            offset += size;
        }
        byte[] text = json.writeValueAsBytes(header);
        int padded = (text.length + 7) & ~7;
        ByteBuffer head = ByteBuffer.allocate(8 + padded).order(ByteOrder.LITTLE_ENDIAN);
        head.putLong(padded).put(text);
        while (head.hasRemaining()) {
            head.put((byte) ' ');
        }
        head.flip();
        try (FileChannel out = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            writeFully(out, head);
            ByteBuffer chunk = ByteBuffer.allocate(1 << 20).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < tensors.size(); i++) {
                Tensor t = tensors.get(i);
                SplittableRandom random = new SplittableRandom(seed + i);
                for (long e = t.elements(); e > 0; e--) {
                    if (chunk.remaining() < dtype.bytes) {
                        chunk.flip();
                        writeFully(out, chunk);
                        chunk.clear();
                    }
                    float v = t.init().next(random);
                    if (dtype == DType.F32) {
                        chunk.putFloat(v);
                    } else {
                        chunk.putShort(toBfloat16(v));
                    }
                }
            }
            chunk.flip();
            writeFully(out, chunk);
        }
    }

    static short toBfloat16(float v) {
        int bits = Float.floatToRawIntBits(v);
        int rounded = bits + 0x7FFF + ((bits >>> 16) & 1);
        return (short) (rounded >>> 16);
    }

    private static void writeFully(FileChannel out, ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            out.write(b);
        }
    }
}
