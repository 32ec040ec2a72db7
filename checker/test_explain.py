#!/usr/bin/env python3
"""Unit tests of explain.py's bounds and global-race hints from the evidence: an oclgrind log of one invalid access
(written here as oclgrind 21.10 writes it), a kernel file, and the run's sizes. The hint must name the
part of the index that ran out from the element, the work-item and the sizes, whatever the variables
are called, and offer both causes where the evidence does not decide."""
import os
import tempfile
import unittest

from .explain import Source, _loop_lowest, _private_copy_skips, _swapped_bounds, explain, parse_log

KERNEL = """__kernel void mmul_element(const int M, const int N, const int K,
                           __global const float* A,
                           __global const float* B,
                           __global float* C)
{
    const int %(first)s = get_global_id(0);
    const int %(second)s = get_global_id(1);
    float acc = 0.0f;
    for (int k = 0; k < K; k++)
        acc += A[%(row)s * K + k] * B[k * N + %(col)s];
    C[%(row)s * N + %(col)s] = acc;
}
"""


def log(address, ids, column, op="read", line=10):
    return (f"\nInvalid {op} of size 4 at global memory address 0x{address:x}\n"
            f"\tKernel: mmul_element\n"
            f"\tEntity: Global({ids[0]},{ids[1]},0) Local(0,0,0) Group(0,0,0)\n"
            f"\t  %1 = load float, float addrspace(1)* %arrayidx, align 4\n"
            f"\tAt line {line} (column {column}) of input.cl:\n"
            f"\t  whatever\n")


class BoundsFromEvidence(unittest.TestCase):
    def hint(self, names, text, values):
        folder = tempfile.mkdtemp()
        with open(os.path.join(folder, "matmul_element.cl"), "w") as f:
            f.write(KERNEL % names)
        found = explain(parse_log(text), [folder], folder, values)
        self.assertEqual(found[0].kind, "bounds-global")
        return found[0].hint

    def test_the_column_that_ran_out_whatever_it_is_called(self):
        # i is the column here (dimension 0): B[k * N + i] at element 627 = 18 * 33 + 33, N = 33.
        names = {"first": "i", "second": "j", "row": "j", "col": "i"}
        column = (KERNEL % names).split("\n")[9].index("B[") + 1
        hint = self.hint(names, log((3 << 48) | 627 * 4, (33, 0), column), {"m": 17, "n": 33, "k": 19})
        self.assertIn("work-item (33, 0) read B at element 627", hint)
        self.assertIn("the column index i reached 33, but each row of B is N = 33 long", hint)
        self.assertIn("(if (i < N))", hint)
        self.assertNotIn("i < M", hint)

    def test_the_row_that_ran_out_and_the_size_it_passed(self):
        # The row index (dimension 1, called c here) reached M = 17: A[c * K + k] at element 323 = 17 * 19.
        names = {"first": "r", "second": "c", "row": "c", "col": "r"}
        column = (KERNEL % names).split("\n")[9].index("A[") + 1
        hint = self.hint(names, log((2 << 48) | 323 * 4, (0, 17), column), {"m": 17, "n": 33, "k": 19})
        self.assertIn("the row index c reached 17, but A has M = 17 rows of K = 19", hint)
        self.assertIn("(if (c < M))", hint)

    def test_both_causes_where_the_sizes_are_not_known(self):
        names = {"first": "i", "second": "j", "row": "j", "col": "i"}
        column = (KERNEL % names).split("\n")[9].index("B[") + 1
        hint = self.hint(names, log((3 << 48) | 627 * 4, (33, 0), column), {})
        self.assertIn("work-item (33, 0) read B at element 627", hint)
        self.assertIn("does not tell which part of the index ran out", hint)
        self.assertIn("either the row index reached the number of rows, or the column index the row length", hint)


class AnIndexTheCheckDoesNotKeep(unittest.TestCase):
    """An access whose index is not the one the check before it keeps in range (in[gid] under
    if (e < n)): the hint names both, from the source, instead of asking for a new check."""

    def test_the_checked_index_and_the_one_used(self):
        folder = tempfile.mkdtemp()
        with open(os.path.join(folder, "spread.cl"), "w") as f:
            f.write(SPREAD.replace("out[e] = in[e] * 2.0f;", "out[e] = in[me] * 2.0f;") % {"one": ""})
        text = (f"\nInvalid read of size 4 at global memory address 0x{(2 << 48) | 1001 * 4:x}\n"
                f"\tKernel: spread\n\tEntity: Global(1001,0,0) Local(1,0,0) Group(62,0,0)\n"
                f"\t  %1 = load float, float addrspace(1)* %arrayidx, align 4\n"
                f"\tAt line 8 (column 18) of input.cl:\n\t  whatever\n")
        found = explain(parse_log(text), [folder], folder, {"size": 1000})
        self.assertEqual((found[0].kind, found[0].line), ("bounds-global", 8))
        self.assertIn("line 8 runs after the check at line 5 (if (e >= n)), which keeps e in range, but the "
                      "access indexes with me", found[0].hint)
        self.assertNotIn("nothing keeps me in range", found[0].hint)


COARSE = """__kernel void scale_coarse(__global const float* in, __global float* out, float scale, uint n)
{
    size_t at = get_global_id(0) * PER_ITEM;
    if (at >= n)
        return;
    int left = PER_ITEM;
    while (left-- > 0) {
        out[at] = scale * in[at];
        ++at;
    }
}
"""


class ACheckBeforeTheLoop(unittest.TestCase):
    """A work-item's first element checked once, then a loop that moves the index on: the hint names
    the check, the loop and the line that moves the index (never the row length of a 1D index)."""

    def test_the_check_that_holds_for_the_first_round_only(self):
        folder = tempfile.mkdtemp()
        with open(os.path.join(folder, "coarsening.cl"), "w") as f:
            f.write(COARSE)
        column = COARSE.split("\n")[7].index("in[") + 1
        text = (f"\nInvalid read of size 4 at global memory address 0x{(1 << 48) | 1000 * 4:x}\n"
                f"\tKernel: scale_coarse\n\tEntity: Global(333,0,0) Local(13,0,0) Group(20,0,0)\n"
                f"\t  %1 = load float, float addrspace(1)* %arrayidx, align 4\n"
                f"\tAt line 8 (column {column}) of input.cl:\n\t  whatever\n")
        found = explain(parse_log(text), [folder], folder, {"size": 1000})
        self.assertEqual((found[0].kind, found[0].line), ("bounds-global", 8))
        self.assertIn("the check at line 4 (if (at >= n)) tests at once, before the loop at line 7; line 9 then "
                      "moves at on (++at;)", found[0].hint)
        self.assertNotIn("row", found[0].hint)


ROUNDS = """__kernel void local_read(__global const float4* in, __global float* out, const int rounds)
{
    __local float4 t[TILE];
    int me = get_local_id(0);
    for (int k = me; k < TILE; k += get_local_size(0))
        t[k] = in[get_group_id(0) * TILE + k];
    barrier(CLK_LOCAL_MEM_FENCE);
    float4 acc = 0;
    for (int r = 0; r < rounds; r++)
        for (int j = 0; j < TILE; j++)
            acc += t[me + j];
    out[get_global_id(0)] = acc.s0 + acc.s1 + acc.s2 + acc.s3;
}
"""


class AnOffsetPlusAWholeLoop(unittest.TestCase):
    """A local array read at an offset plus a loop variable that runs over the array's whole length
    (every work-item reads the whole tile from its own element on): the hint names the loop and the
    offset, never a check against a size parameter; oclgrind's "Index exceeds static array size" for
    the same access is the same finding, not a private array."""

    def test_the_round_that_runs_past_the_end(self):
        folder = tempfile.mkdtemp()
        with open(os.path.join(folder, "hierarchy.cl"), "w") as f:
            f.write(ROUNDS)
        column = ROUNDS.split("\n")[10].index("t[") + 1
        where = (f"\tKernel: local_read\n\tEntity: Global(1,0,0) Local(1,0,0) Group(0,0,0)\n"
                 f"\t  %5 = load <4 x float>, <4 x float> addrspace(3)* %arrayidx21, align 16\n"
                 f"\tAt line 11 (column {column}) of input.cl:\n\t  acc += t[me + j];\n")
        text = (f"\nInvalid read of size 16 at local memory address 0x1000000001000\n{where}"
                f"\nIndex (256) exceeds static array size (256)\n{where}")
        found = explain(parse_log(text), [folder], folder, {})
        self.assertEqual([(e.kind, e.line) for e in found], [("bounds-local", 11)])
        self.assertIn("the loop at line 10 runs j over all TILE elements of t, and the index adds me to it",
                      found[0].hint)
        self.assertNotIn("nothing keeps me in range", found[0].hint)


CHUNKS = """#define CHUNK 1024
__kernel void mmul_private_row_chunks(const int M, const int N, const int K,
                                      __global const float* A, __global const float* B, __global float* C)
{
    const int row = get_global_id(0);
    if (row >= M) return;
    float part[CHUNK];
    for (int start = 0; start < K; start += CHUNK) {
        const int len = %(len)s;
        for (int k = 0; k < %(copy)s; ++k) part[k] = A[row * K + start + k];
        for (int col = 0; col < N; ++col) {
            float acc = C[row * N + col];
            for (int k = 0; k < len; ++k) acc += part[k] * B[(start + k) * N + col];
            C[row * N + col] = acc;
        }
    }
}
"""


class AChunkBoundedByItsFixedLength(unittest.TestCase):
    """A chunk of the row taken CHUNK elements at a time, the last chunk of a K that is no multiple of
    CHUNK bounded by CHUNK too: the hint names the loop and its fixed bound, never the rounded-up range
    nor the index formula, with the loop on the access's own line or its bound a variable set to CHUNK."""

    def found(self, names, line, array, element, ids):
        folder = tempfile.mkdtemp()
        with open(os.path.join(folder, "matmul_private_row.cl"), "w") as f:
            f.write(CHUNKS % names)
        code = (CHUNKS % names).split("\n")[line - 1]
        column = code.index(array + "[") + 1
        text = (f"\nInvalid read of size 4 at global memory address 0x{(2 << 48) | element * 4:x}\n"
                f"\tKernel: mmul_private_row_chunks\n\tEntity: Global({ids},0,0) Local({ids},0,0) Group(0,0,0)\n"
                f"\t  %1 = load float, float addrspace(1)* %arrayidx, align 4\n"
                f"\tAt line {line} (column {column}) of input.cl:\n\t  whatever\n")
        return explain(parse_log(text), [folder], folder, {"m": 17, "n": 33, "k": 19})[0]

    def test_a_copy_loop_on_the_access_line_bounded_by_chunk(self):
        # Work-item 16 read A at element 323 = 16 * 19 + 19: one past its row of K = 19.
        found = self.found({"len": "min(CHUNK, K - start)", "copy": "CHUNK"}, 10, "A", 323, 16)
        self.assertEqual((found.kind, found.line), ("bounds-global", 10))
        self.assertIn("the loop at line 10 runs k up to CHUNK (k < CHUNK)", found.hint)
        self.assertIn("min(CHUNK, K - start)", found.hint)
        self.assertNotIn("rounded up", found.hint)

    def test_a_loop_bounded_by_a_variable_set_to_chunk(self):
        found = self.found({"len": "CHUNK", "copy": "len"}, 13, "B", 627, 0)
        self.assertEqual((found.kind, found.line), ("bounds-global", 13))
        self.assertIn("runs k up to len (k < len, set at line 9 to CHUNK), a fixed number", found.hint)
        self.assertNotIn("the index formula itself", found.hint)


class SwappedBounds(unittest.TestCase):
    """A guard whose two bounds are swapped, read from the access it guards (the product says which
    index counts rows); correct guards and square matrices are left alone."""

    def test_swapped_in_any_spelling(self):
        self.assertEqual(_swapped_bounds("r < cols && c < rows", "t[k] = in[(size_t)r * cols + c];")[:4],
                         ("r", "rows", "c", "cols"))
        found = _swapped_bounds("r0 + k < cols && c0 + lx < rows", "t = in[(size_t)(r0 + k) * cols + c0 + lx];")
        self.assertEqual(found, ("r0 + k", "rows", "c0 + lx", "cols", "(size_t)(r0 + k) * cols + c0 + lx"))

    def test_correct_and_undecidable_guards(self):
        correct = "t = in[(size_t)(r0 + k) * cols + c0 + lx];"
        self.assertIsNone(_swapped_bounds("r0 + k < rows && c0 + lx < cols", correct))
        self.assertIsNone(_swapped_bounds("row < M && col < N", "C[row * N + col] = x;"))
        self.assertIsNone(_swapped_bounds("i < N && j < N", "C[i * N + j] = x;"))  # square: no way to tell


SPREAD = """__kernel void spread(__global const float* in, __global float* out, uint n, uint span)
{
    const uint me = get_global_id(0);
    const uint e = (me / span / 2) * span + me %% span + me / span %% 2;
    if (e >= n)
        return;
    if (e %% 2 == 0)
        out[e] = in[e] * 2.0f;%(one)s
    else
        out[e] = in[e] * 3.0f;
}
"""


def race_log(line, code, pairs):
    """oclgrind 21.10's report of write-write races on `out` (buffer 1), one per (element, a, b)."""
    where = f"At line {line} (column 16) of input.cl:" if line else "At line 0 (column 0) of input.cl:"
    text = ""
    for element, a, b in pairs:
        text += (f"\nWrite-write data race at global memory address 0x{(1 << 48) | element * 4:x}\n"
                 f"\tKernel: spread\n\t\n")
        for title, ids in (("First entity: ", a), ("Second entity:", b)):
            text += (f"\t{title} Global({ids},0,0) Local({ids},0,0) Group(0,0,0)\n"
                     f"\t  store float %%v, float addrspace(1)* %%arrayidx, align 4\n"
                     f"\t{where}\n\t  {code if line else '(source not available)'}\n\t\n")
    return text.replace("%%", "%")


class GlobalWriteRaces(unittest.TestCase):
    """Two work-items storing to one element: which two and which element, from the race's address and
    the store's type; the line where oclgrind gives none (a store the compiler sank out of an if/else)."""

    def explained(self, one, log_text):
        folder = tempfile.mkdtemp()
        with open(os.path.join(folder, "spread.cl"), "w") as f:
            f.write(SPREAD % {"one": one})
        found = explain(parse_log(log_text), [folder], folder, {})
        self.assertEqual(found[0].kind, "race-global")
        return found[0]

    def test_the_two_work_items_and_the_element(self):
        found = self.explained("", race_log(8, "out[e] = in[e] * 2.0f;", [(1, 2, 1), (2, 4, 3)]))
        self.assertEqual(found.line, 8)
        self.assertIn("work-items (1) and (2) both store to out at element 1 at line 8", found.hint)
        # One index dimension: nothing about rows, columns or i and j.
        self.assertNotIn("row", found.hint)
        self.assertNotIn("i and j", found.hint)
        self.assertNotIn("oclgrind names no line", found.hint)

    def test_a_store_sunk_out_of_an_if_else_gets_its_lines(self):
        found = self.explained("", race_log(0, "", [(1, 2, 1)]))
        self.assertEqual((found.line, found.code), (8, "out[e] = in[e] * 2.0f;"))
        self.assertIn("the compiler merged the stores of lines 8 and 10 into one", found.hint)
        self.assertIn("work-items (1) and (2) both store to out at element 1", found.hint)
        self.assertNotIn("line 0", found.hint)


ROW_K = """// One row of C per work-item, its rows taken K long.
__kernel void mmul_row(const int M, const int N, const int K,
                       __global const float* A,
                       __global const float* B,
                       __global float* C)
{
    const int i = get_global_id(0);
    if (i >= M)
        return;
    for (int j = 0; j < N; ++j) {
        float acc = 0.0f;
        for (int k = 0; k < K; ++k)
            acc += A[i * K + k] * B[k * N + j];
        C[i * K + j] = acc;
    }
}
"""

STORE = "\t  store float %acc.0, float addrspace(1)* %arrayidx17, align 4\n\tAt line 14 (column 22) of input.cl:\n" \
        "\t  C[i * K + j] = acc;\n\t\n"


class RowsTakenAnotherLength(unittest.TestCase):
    """C's rows taken K long where they are N long (C[i * K + j]): with K > N the last rows run past C's
    end, with K < N a row runs into the next. Told from the element, the work-items, the run's sizes and
    C's length (the record of the calls), not from what the sizes are called."""

    def explained(self, text, values, elements=None):
        folder = tempfile.mkdtemp()
        with open(os.path.join(folder, "matmul_row.cl"), "w") as f:
            f.write(ROW_K)
        findings = parse_log(text)
        for f in findings:
            if elements:
                f["buffer_elements"] = elements
        return explain(findings, [folder], folder, values)[0]

    def test_past_the_end_with_c_length_known(self):
        text = ("\nInvalid write of size 4 at global memory address 0x1000000000924\n\tKernel: mmul_row\n"
                "\tEntity: Global(9,0,0) Local(9,0,0) Group(0,0,0)\n" + STORE)
        found = self.explained(text, {"m": 17, "n": 33, "k": 65}, elements=17 * 33)
        self.assertEqual((found.kind, found.line), ("bounds-global", 14))
        self.assertIn("C holds 561 elements, M = 17 rows of N = 33", found.hint)
        self.assertIn("its rows are taken K = 65 long where they are N = 33 long", found.hint)
        self.assertIn("row i of C starts at i * N, not i * K", found.hint)
        self.assertNotIn("nothing keeps", found.hint)

    def test_past_the_end_without_c_length_offers_both(self):
        text = ("\nInvalid write of size 4 at global memory address 0x1000000000924\n\tKernel: mmul_row\n"
                "\tEntity: Global(9,0,0) Local(9,0,0) Group(0,0,0)\n" + STORE)
        found = self.explained(text, {"m": 17, "n": 33, "k": 65})
        self.assertIn("either the row index i = 9 is past the rows C has, or C's rows are not K long", found.hint)

    def test_a_row_running_into_the_next(self):
        text = ("\nWrite-write data race at global memory address 0x100000000004c\n\tKernel: mmul_row\n\t\n"
                "\tFirst entity:  Global(1,0,0) Local(1,0,0) Group(0,0,0)\n" + STORE +
                "\tSecond entity: Global(0,0,0) Local(0,0,0) Group(0,0,0)\n" + STORE)
        found = self.explained(text, {"m": 17, "n": 33, "k": 19})
        self.assertEqual(found.kind, "race-global")
        self.assertIn("Element 19 is i = 0 times K = 19 plus j = 19: j went past K", found.hint)
        self.assertIn("(j runs up to N = 33, and N > K)", found.hint)
        self.assertIn("not by K", found.hint)


PRIVATE_COPY = """__kernel void row(const int K, __global const float* A, __global float* C)
{
    const int i = get_global_id(0);
    float mine[64];
    %(copy)s
        mine[k] = A[i * K + k];
    float s = 0.0f;
    for (int k = 0; k < K; ++k)
        s += mine[k];
    C[i] = s;
}
"""


class PrivateCopySkips(unittest.TestCase):
    """A private array read from element 0 on, filled by a loop that never takes element 0 (a count-up
    from 1, a count-down that stops at 1): told from the two loops' headers; a count-down that reaches
    0 (k-- > 0) is no such bug."""

    def hint(self, copy, line):
        folder = tempfile.mkdtemp()
        path = os.path.join(folder, "row.cl")
        with open(path, "w") as f:
            f.write(PRIVATE_COPY % {"copy": copy})
        return _private_copy_skips(Source(path), 1, 11, line)

    def test_the_lowest_value_of_a_loop(self):
        self.assertEqual(_loop_lowest("for (int k = 1; k < K; ++k)"), ("k", "1"))
        self.assertEqual(_loop_lowest("for (int k = K - 1; k > 0; --k)"), ("k", "1"))
        self.assertEqual(_loop_lowest("for (int k = K; k-- > 0;)"), ("k", "0"))
        self.assertEqual(_loop_lowest("for (int k = K - 1; k >= 0; k--)"), ("k", "0"))

    def test_a_copy_from_1(self):
        hint = self.hint("for (int k = 1; k < K; ++k)", 9)
        self.assertIn("writes mine[k] from k = 1 on, and line 9 reads mine[k] from k = 0", hint)
        self.assertIn("element 0 of the private array mine is never written", hint)

    def test_a_count_down_that_stops_at_1_seen_from_the_store(self):
        hint = self.hint("for (int k = K - 1; k > 0; --k)", 10)
        self.assertIn("from k = 1 on, and line 9 reads mine[k] from k = 0", hint)

    def test_copies_that_take_element_0(self):
        self.assertIsNone(self.hint("for (int k = K; k-- > 0;)", 9))
        self.assertIsNone(self.hint("for (int k = 0; k < K; ++k)", 9))


STRIDED = """// Rounds that start at the global id.
__kernel void scale_coarse(__global const float* in, __global float* out, float scale, uint n)
{
    const size_t g = get_global_id(0), stride = get_local_size(0);
    for (int p = 0; p < PER_ITEM; ++p) {
        const size_t i = g + p * stride;
        if (i < n)
            out[i] = scale * in[i];
    }
}
"""


class RoundsStepByTheGroup(unittest.TestCase):
    def test_a_step_of_one_work_group(self):
        folder = tempfile.mkdtemp()
        with open(os.path.join(folder, "coarsening.cl"), "w") as f:
            f.write(STRIDED)
        store = ("\t  store float %mul, float addrspace(1)* %arrayidx, align 4\n"
                 "\tAt line 8 (column 20) of input.cl:\n\t  out[i] = scale * in[i];\n\t\n")
        text = ("\nWrite-write data race at global memory address 0x200000000007c\n\tKernel: scale_coarse\n\t\n"
                "\tFirst entity:  Global(31,0,0) Local(15,0,0) Group(1,0,0)\n" + store +
                "\tSecond entity: Global(15,0,0) Local(15,0,0) Group(0,0,0)\n" + store)
        found = explain(parse_log(text), [folder], folder, {})[0]
        self.assertEqual(found.kind, "race-global")
        self.assertIn("Element 31 is 15 + 1 * 16 (work-item 15, round p = 1) and 31 + 0 * 16", found.hint)
        self.assertIn("stride is get_local_size(0) = 16", found.hint)
        self.assertIn("get_global_size(0)", found.hint)


if __name__ == "__main__":
    unittest.main()
