/**
 * Layout of the scratch block shared with the C++ bindings (mirrors bindings/binding_common.h).
 * Indices are 32-bit slots from the start of the block.
 * @internal
 * @module
 */

/** Transform A: x, y, angle, scaleX, scaleY. */
export const IN_XF_A = 0;
/** Transform B. */
export const IN_XF_B = 5;
/** Extra input: ray origin x/y, translation x/y, maxFraction; or a point x/y. */
export const IN_EXTRA = 10;
/** Results start here. */
export const OUT = 16;
/** int32: index of the bad element after a failed bulk call. */
export const OUT_ERROR = 40;
/** Floats per transform in every typed array: x, y, angle, scaleX, scaleY. */
export const TRANSFORM_FLOATS = 5;
