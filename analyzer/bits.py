"""Bit tricks on uint64 card masks, compiled to single machine instructions.

numba has no popcount or count-leading-zeros builtins; these intrinsics emit LLVM's
``ctpop``/``ctlz``/``cttz`` directly (POPCNT/LZCNT/TZCNT where the CPU has them), and
``pext_bmi2`` BMI2's PEXT where numba compiles for a CPU that has it (``HAVE_PEXT``).
"""

import llvmlite.binding as llvm
import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core import config
from numba.extending import intrinsic

ONE = np.uint64(1)
ZERO = np.uint64(0)


def _unary_llvm(name, extra_false):
    @intrinsic
    def _impl(typingctx, x):
        if x != types.uint64:
            return None
        sig = types.uint64(types.uint64)

        def codegen(context, builder, signature, args):
            [val] = args
            fnty = ir.FunctionType(ir.IntType(64), [ir.IntType(64)] + ([ir.IntType(1)] if extra_false else []))
            fn = builder.module.declare_intrinsic(name, fnty=fnty)
            call_args = [val] + ([ir.Constant(ir.IntType(1), 0)] if extra_false else [])
            return builder.call(fn, call_args)

        return sig, codegen

    return _impl


_ctpop = _unary_llvm("llvm.ctpop.i64", False)
_ctlz = _unary_llvm("llvm.ctlz.i64", True)
_cttz = _unary_llvm("llvm.cttz.i64", True)


@njit(cache=True, forceinline=True)
def popcount(x):
    return np.int64(_ctpop(np.uint64(x)))


@njit(cache=True, forceinline=True)
def high_index(x):
    """Index of the highest set bit (x must be non-zero)."""
    return np.int64(63) - np.int64(_ctlz(np.uint64(x)))


@njit(cache=True, forceinline=True)
def low_index(x):
    """Index of the lowest set bit (x must be non-zero)."""
    return np.int64(_cttz(np.uint64(x)))


@njit(cache=True, forceinline=True)
def high_bit(x):
    """The highest set bit as a mask (0 for 0)."""
    if x == ZERO:
        return ZERO
    return ONE << np.uint64(high_index(x))


@njit(cache=True, forceinline=True)
def low_bit(x):
    """The lowest set bit as a mask (0 for 0)."""
    return x & (~x + ONE)


@njit(cache=True, forceinline=True)
def above(bit):
    """Mask of all positions strictly above a single-bit mask."""
    return ~((bit << ONE) - ONE)  # wraps to 0 for bit 63


@njit(cache=True, forceinline=True)
def below(bit):
    """Mask of all positions strictly below a single-bit mask."""
    return bit - ONE


def _compiles_for_bmi2() -> bool:
    """Does numba generate code for a CPU with BMI2?  (It targets the host's features
    unless NUMBA_CPU_FEATURES names others; compiled caches are keyed by them too.)"""
    features = config.CPU_FEATURES
    if features is None:
        features = llvm.get_host_cpu_features().flatten()
    return "+bmi2" in features.split(",")


HAVE_PEXT = _compiles_for_bmi2()


@intrinsic
def _pext_bmi2(typingctx, x, m):
    if x != types.uint64 or m != types.uint64:
        return None
    sig = types.uint64(types.uint64, types.uint64)

    def codegen(context, builder, signature, args):
        fnty = ir.FunctionType(ir.IntType(64), [ir.IntType(64), ir.IntType(64)])
        fn = builder.module.declare_intrinsic("llvm.x86.bmi.pext.64", fnty=fnty)
        return builder.call(fn, list(args))

    return sig, codegen


@njit(cache=True, forceinline=True)
def pext_bmi2(x, m):
    """The bits of ``x`` selected by ``m``, packed to the bottom: one PEXT instruction.
    Only where HAVE_PEXT (elsewhere the solver compresses with a byte table)."""
    return _pext_bmi2(np.uint64(x), np.uint64(m))
