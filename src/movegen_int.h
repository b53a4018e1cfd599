/*
 * movegen_int.h — what movegen.c asks of movegen_direct.c, and what both
 * ask of the boards' bytes.
 */
#ifndef BG_MOVEGEN_INT_H
#define BG_MOVEGEN_INT_H

#include "movegen.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* Bit p set where two sides' counts on slot p (0..25) differ.  Sixteen
 * slots at once where SSE2 is there: a writer asks this of every play it
 * writes, and the loop point by point was a twentieth of `convert --to
 * mat`. */
static inline uint32_t movegen_points_differ(const uint8_t *x, const uint8_t *y) {
#ifdef __SSE2__
  enum { HIGH_HALF = BG_SLOTS - 16 }; /* slots 10..25: the second load */
  __m128i low = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)x),
                               _mm_loadu_si128((const __m128i *)(const void *)y));
  __m128i high =
      _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)(x + HIGH_HALF)),
                     _mm_loadu_si128((const __m128i *)(const void *)(y + HIGH_HALF)));
  uint32_t same_low = (uint32_t)_mm_movemask_epi8(low);
  uint32_t same_high = (uint32_t)_mm_movemask_epi8(high) << HIGH_HALF;
  return ~(same_low | same_high) & ((1u << BG_SLOTS) - 1);
#else
  uint32_t differ = 0;
  for (int slot = 0; slot < BG_SLOTS; slot++)
    differ |= (uint32_t)(x[slot] != y[slot]) << slot;
  return differ;
#endif
}

/* Bit p set where `target`'s count on slot p (0..25) is one below `x`'s
 * (*lost) or one above it (*gained); true when every slot that differs
 * (`changed`, movegen_points_differ's answer, which the caller holds) does
 * so by one checker.  Sixteen slots at once where SSE2 is there: the
 * points a writer's play changed, told without a loop over them. */
static inline bool movegen_points_moved_one(const uint8_t *x, const uint8_t *target,
                                            uint32_t changed, uint32_t *lost,
                                            uint32_t *gained) {
#ifdef __SSE2__
  enum { HIGH_HALF = BG_SLOTS - 16 }; /* slots 10..25: the second load */
  __m128i low = _mm_sub_epi8(_mm_loadu_si128((const __m128i *)(const void *)target),
                             _mm_loadu_si128((const __m128i *)(const void *)x));
  __m128i high =
      _mm_sub_epi8(_mm_loadu_si128((const __m128i *)(const void *)(target + HIGH_HALF)),
                   _mm_loadu_si128((const __m128i *)(const void *)(x + HIGH_HALF)));
  __m128i one = _mm_set1_epi8(1), minus_one = _mm_set1_epi8(-1);
  *lost = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(low, minus_one)) |
          (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(high, minus_one)) << HIGH_HALF;
  *gained = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(low, one)) |
            (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(high, one)) << HIGH_HALF;
  return (changed & ~(*lost | *gained)) == 0;
#else
  (void)changed;
  *lost = *gained = 0;
  for (int slot = 0; slot < BG_SLOTS; slot++) {
    int change = target[slot] - x[slot];
    *lost |= (uint32_t)(change == -1) << slot;
    *gained |= (uint32_t)(change == 1) << slot;
    if (change < -1 || change > 1)
      return false;
  }
  return true;
#endif
}

/* The play of valid dice (die1, die2) from `board` to `target`, as
 * movegen_play_to gives it, where it is one of the commonest (two dice
 * or one off no point, a double off no point, no checker moved); false
 * leaves it to the search. */
bool movegen_play_directly(const bg_board *board, int die1, int die2,
                           const bg_board *target, bg_play *out);

#endif
