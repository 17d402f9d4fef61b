#!/usr/bin/env python3
"""Coefficients of sat::makeRot's polynomials (cpp/include/sat/math.h), by the Remez exchange.

    sin r = r + (r z) (S0 + S1 z + z^2 (S2 + S3 z))   minimizing the relative error of sin
    cos r = 1 + z (C0 + C1 z + z^2 (C2 + C3 z))       minimizing the relative error of cos
with z = r^2 and |r| <= pi/4 (makeRot reduces angles by pi/2 first). Needs mpmath (pip install mpmath); not part
of the build. Prints each coefficient as a C++ hex-float literal and the largest weighted error.
"""
import mpmath as mp

mp.mp.dps = 60
Z_MAX = (mp.pi / 4) ** 2
TERMS = 4


def remez(f, weight, n, lo=mp.mpf('1e-30'), hi=Z_MAX, grid_points=4000, iterations=30):
    """Polynomial c[0] + c[1] z + ... + c[n-1] z^(n-1) minimizing max |weight(z) (f(z) - p(z))| on [lo, hi]."""
    ref = [(lo + hi) / 2 - (hi - lo) / 2 * mp.cos(mp.pi * i / n) for i in range(n + 1)]
    grid = [lo + (hi - lo) * mp.mpf(i) / grid_points for i in range(grid_points + 1)]
    coeffs, worst = None, None
    for _ in range(iterations):
        # Equioscillation on the reference points: weight (f - p) = (-1)^i E.
        a = mp.matrix(n + 1, n + 1)
        b = mp.matrix(n + 1, 1)
        for i, z in enumerate(ref):
            for j in range(n):
                a[i, j] = z ** j
            a[i, n] = (-1) ** i / weight(z)
            b[i] = f(z)
        sol = mp.lu_solve(a, b)
        coeffs = [sol[j] for j in range(n)]
        err = [weight(z) * (f(z) - sum(c * z ** j for j, c in enumerate(coeffs))) for z in grid]
        worst = max(abs(e) for e in err)
        # New reference: the largest error of each sign run, n + 1 of them.
        peaks = []
        for i, e in enumerate(err):
            if peaks and (e > 0) == (err[peaks[-1]] > 0):
                if abs(e) > abs(err[peaks[-1]]):
                    peaks[-1] = i
            else:
                peaks.append(i)
        while len(peaks) > n + 1:
            peaks.pop(0 if abs(err[peaks[0]]) < abs(err[peaks[-1]]) else -1)
        if len(peaks) < n + 1:
            break
        ref = [grid[i] for i in peaks]
    return coeffs, worst


def sin_tail(z):  # (sin r - r) / (r z)
    r = mp.sqrt(z)
    return (mp.sin(r) - r) / (z * r)


def sin_weight(z):  # error of sin r relative to sin r, per unit error of the tail
    r = mp.sqrt(z)
    return z * r / mp.sin(r)


def cos_tail(z):  # (cos r - 1) / z
    return (mp.cos(mp.sqrt(z)) - 1) / z


def cos_weight(z):
    return z / mp.cos(mp.sqrt(z))


for name, f, w in (('S', sin_tail, sin_weight), ('C', cos_tail, cos_weight)):
    coeffs, worst = remez(f, w, TERMS)
    print(f'// {"sin" if name == "S" else "cos"}: largest relative error {mp.nstr(worst, 3)}')
    for j, c in enumerate(coeffs):
        print(f'k{name}{j} = {float(c).hex()}  // {mp.nstr(c, 20)}')
