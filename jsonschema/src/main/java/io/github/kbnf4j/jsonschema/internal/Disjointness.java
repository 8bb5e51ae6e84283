package io.github.kbnf4j.jsonschema.internal;

import java.util.List;

/**
 * Proofs that two unions of shapes share no value, which is what makes {@code oneOf} an ordinary
 * union: their types differ, their const/enum values differ, their strings or numbers are disjoint
 * languages, or an object would need a property that the two sides give disjoint values. Sound but
 * incomplete: "false" means "not proven".
 */
final class Disjointness {
    private Disjointness() {
    }

    static boolean disjoint(List<Shape> a, List<Shape> b, ShapeReader reader) {
        for (Shape x : a) {
            for (Shape y : b) {
                if (!disjoint(x, y, reader)) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean disjoint(Shape x, Shape y, ShapeReader reader) {
        Shape both = Intersection.of(x, y, reader.languages(), "");
        List<Shape> left = ShapeReader.prune(List.of(both));
        if (left.isEmpty()) {
            return true;
        }
        Shape s = left.get(0);
        if (s.values != null) {
            return false; // values that both allow remain
        }
        int types = s.types;
        if ((types & Shape.OBJECT) != 0 && s.object != null
                && !ObjectLayout.of(s.object, reader, reader.languages(), "").possible) {
            types &= ~Shape.OBJECT;
        }
        return types == 0;
    }
}
