// Clipper 6 behind cclipper.h: every exception stays in this file.
#include "cclipper.h"

#include <polyclipping/clipper.hpp>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>

namespace {

ClipperLib::Paths paths(const cclipper_polygons &in) {
    ClipperLib::Paths out(in.count);
    size_t k = 0;
    for (size_t i = 0; i < in.count; i++) {
        out[i].reserve(in.lengths[i]);
        for (uint32_t j = 0; j < in.lengths[i]; j++, k++) {
            out[i].push_back(ClipperLib::IntPoint(in.xy[2 * k], in.xy[2 * k + 1]));
        }
    }
    return out;
}

void message(char *error, const char *text) {
    std::strncpy(error, text, CCLIPPER_ERROR_SIZE - 1);
    error[CCLIPPER_ERROR_SIZE - 1] = 0;
}

} // namespace

extern "C" int cclipper_execute(int op, cclipper_polygons subject, int subject_rule, cclipper_polygons clip,
                                int clip_rule, int64_t **out_xy, uint32_t **out_lengths, size_t *out_count,
                                char *error) {
    *out_xy = nullptr;
    *out_lengths = nullptr;
    *out_count = 0;
    try {
        ClipperLib::Clipper clipper(ClipperLib::ioPreserveCollinear);
        clipper.AddPaths(paths(subject), ClipperLib::ptSubject, true);
        clipper.AddPaths(paths(clip), ClipperLib::ptClip, true);
        ClipperLib::Paths result;
        auto rule = [](int r) { return r == CCLIPPER_EVENODD ? ClipperLib::pftEvenOdd : ClipperLib::pftNonZero; };
        if (!clipper.Execute(static_cast<ClipperLib::ClipType>(op), result, rule(subject_rule), rule(clip_rule))) {
            message(error, "the polygon clipper failed");
            return 1;
        }
        size_t points = 0;
        for (const auto &p : result) points += p.size();
        int64_t *xy = static_cast<int64_t *>(std::malloc(sizeof(int64_t) * 2 * (points ? points : 1)));
        uint32_t *lengths = static_cast<uint32_t *>(std::malloc(sizeof(uint32_t) * (result.size() ? result.size() : 1)));
        if (!xy || !lengths) {
            std::free(xy);
            std::free(lengths);
            message(error, "not enough memory for the result");
            return 1;
        }
        size_t k = 0;
        for (size_t i = 0; i < result.size(); i++) {
            lengths[i] = static_cast<uint32_t>(result[i].size());
            for (const auto &pt : result[i]) {
                xy[k++] = pt.X;
                xy[k++] = pt.Y;
            }
        }
        *out_xy = xy;
        *out_lengths = lengths;
        *out_count = result.size();
        return 0;
    } catch (const std::bad_alloc &) {
        message(error, "not enough memory for the polygon clipper");
    } catch (const std::exception &e) {
        message(error, e.what());
    } catch (...) {
        message(error, "the polygon clipper failed");
    }
    return 1;
}

extern "C" void cclipper_free(void *pointer) { std::free(pointer); }
