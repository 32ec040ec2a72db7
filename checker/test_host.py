#!/usr/bin/env python3
"""Unit tests of host code named from the record of the OpenCL calls alone (host.py): a non-blocking read
that no wait covers, a launch refused because its range is no whole number of work-groups, a queue made
without profiling. The records are written here as tests/trace writes them; each call's place is given,
not looked up."""
import json
import os
import tempfile
import unittest

from .calls import Trace
from .host import (
    launch_without_event,
    queue_without_profiling,
    refused_launch,
    refused_transfer,
    unmapped_host_ptr,
    unwaited_read,
)

EX = "Exercise01_Vadd"
FILE = f"Exercises/{EX}/vadd.cpp"


def trace(*records):
    """A Trace of the records, each record's "at" [N] placed at line N of the exercise's vadd.cpp."""
    fd, path = tempfile.mkstemp(suffix=".json")
    with os.fdopen(fd, "w") as f:
        for r in ({"op": "program", "path": "/nowhere/vadd"}, *records):
            f.write(json.dumps(r) + "\n")
    t = Trace(path)
    os.unlink(path)
    t.site = lambda at: (FILE, at[0], None) if at else None
    return t


QUEUE = {"op": "queue", "id": "0xq", "properties": 2}
OOO = {"op": "queue", "id": "0xo", "properties": 3}
LAUNCH = {"op": "launch", "queue": "0xq", "name": "vadd", "global": [1024], "local": [64], "waits": [],
          "event": "0xk", "at": [30]}
READ = {"op": "read", "queue": "0xq", "mem": "0xc", "blocking": False, "offset": 0, "size": 4096, "waits": ["0xk"],
        "event": "0xr", "at": [40]}


class UnwaitedRead(unittest.TestCase):
    def test_a_read_nothing_waits_for_is_named_at_its_line(self):
        found = unwaited_read(trace(QUEUE, LAUNCH, READ), "/", EX)
        self.assertIsNotNone(found)
        self.assertEqual(found[1:3], (FILE, 40))
        self.assertIn("a read the host never waited for", found[0])

    def test_every_wait_that_covers_the_read_is_taken(self):
        covering = [
            {"op": "wait", "call": "clWaitForEvents", "queue": None, "events": ["0xr"], "at": [41]},
            {"op": "wait", "call": "clFinish", "queue": "0xq", "events": [], "at": [41]},
            # a blocking read after it in the same in-order queue
            {"op": "wait", "call": "blocking read", "queue": "0xq", "events": [], "at": [41]},
            {"op": "seen-complete", "events": ["0xr"]},
            {"op": "callback", "events": ["0xr"]},
        ]
        for wait in covering:
            with self.subTest(wait=wait):
                self.assertIsNone(unwaited_read(trace(QUEUE, LAUNCH, READ, wait), "/", EX))
        # A later command that waits for the read (a marker in another queue), then a wait for that one.
        marker = {"op": "marker", "queue": "0xq2", "waits": ["0xr"], "event": "0xm", "at": [42]}
        wait = {"op": "wait", "call": "clWaitForEvents", "queue": None, "events": ["0xm"], "at": [43]}
        self.assertIsNone(unwaited_read(trace(QUEUE, LAUNCH, READ, marker, wait), "/", EX))
        finish = {"op": "wait", "call": "clFinish", "queue": "0xq2", "events": [], "at": [43]}
        self.assertIsNone(unwaited_read(trace(QUEUE, LAUNCH, READ, marker, finish), "/", EX))

    def test_waits_that_do_not_cover_it_leave_it_named(self):
        other_queue = {"op": "wait", "call": "clFinish", "queue": "0xz", "events": [], "at": [41]}
        earlier = {"op": "wait", "call": "clWaitForEvents", "queue": None, "events": ["0xk"], "at": [41]}
        self.assertIsNotNone(unwaited_read(trace(QUEUE, LAUNCH, READ, other_queue, earlier), "/", EX))
        # An out-of-order queue: a blocking write after the read does not wait for it, clFinish does.
        read = dict(READ, queue="0xo")
        write = {"op": "wait", "call": "blocking write", "queue": "0xo", "events": [], "at": [41]}
        self.assertIsNotNone(unwaited_read(trace(OOO, read, write), "/", EX))
        finish = {"op": "wait", "call": "clFinish", "queue": "0xo", "events": [], "at": [41]}
        self.assertIsNone(unwaited_read(trace(OOO, read, finish), "/", EX))

    def test_a_map_nothing_waits_for_is_named_too(self):
        mapped = dict(READ, op="map", flags=1)
        self.assertIn("a map the host never waited for", unwaited_read(trace(QUEUE, LAUNCH, mapped), "/", EX)[0])
        wait = {"op": "wait", "call": "clWaitForEvents", "queue": None, "events": ["0xr"], "at": [41]}
        self.assertIsNone(unwaited_read(trace(QUEUE, LAUNCH, mapped, wait), "/", EX))
        # Unmapped before anything waited for the map: the host used (or dropped) memory not yet there.
        unmap = {"op": "unmap", "queue": "0xq", "mem": "0xc", "waits": [], "event": None, "at": [42]}
        finish = {"op": "wait", "call": "clFinish", "queue": "0xq", "events": [], "at": [43]}
        self.assertIsNotNone(unwaited_read(trace(QUEUE, LAUNCH, mapped, unmap, finish), "/", EX))
        self.assertIsNone(unwaited_read(trace(QUEUE, LAUNCH, mapped, wait, unmap, finish), "/", EX))

    def test_a_blocking_read_and_a_read_in_another_folder_are_not_named(self):
        self.assertIsNone(unwaited_read(trace(QUEUE, LAUNCH, dict(READ, blocking=True)), "/", EX))
        self.assertIsNone(unwaited_read(trace(QUEUE, LAUNCH, READ), "/", "Exercise02_ChainedVadd"))


class RefusedLaunch(unittest.TestCase):
    def test_a_range_that_is_no_whole_number_of_groups_is_named_with_both_sizes(self):
        refused = {"op": "refused", "call": "launch", "status": -54, "name": "vadd", "dims": 1, "global": [1000],
                   "local": [64], "at": [30]}
        found = refused_launch(trace(QUEUE, refused), "/")
        self.assertEqual(found[1:3], (FILE, 30))
        self.assertIn("a range of 1000 in work-groups of 64", found[3])
        self.assertIn("(1024 here)", found[3])
        two = dict(refused, dims=2, **{"global": [64, 33], "local": [16, 16]})
        self.assertIn("a range of 33 in dimension 1 in work-groups of 16", refused_launch(trace(two), "/")[3])

    def test_a_work_group_shape_given_turned_round_is_named_as_such(self):
        turned = {"op": "refused", "call": "launch", "status": -54, "name": "ids", "dims": 2, "global": [12, 6],
                  "local": [3, 4], "at": [30]}  # 4 x 3 asked: 4 does not divide 6
        found = refused_launch(trace(turned), "/")
        self.assertIn("the same sides in the other order, 4 x 3, divide the range", found[3])

    def test_the_range_and_the_work_group_given_in_each_others_places_are_named_as_such(self):
        swapped = {"op": "refused", "call": "launch", "status": -54, "name": "mmul_row", "dims": 1, "global": [64],
                   "local": [128], "at": [30]}
        found = refused_launch(trace(swapped), "/")
        self.assertEqual(found[1:3], (FILE, 30))
        self.assertIn("the two sizes are given in each other's places", found[3])
        self.assertNotIn("Round the global size up", found[3])

    def test_a_refusal_for_another_reason_is_not_named_as_this_one(self):
        whole = {"op": "refused", "call": "launch", "status": -54, "name": "vadd", "dims": 1, "global": [4096],
                 "local": [2048], "at": [30]}  # whole groups, each larger than the device allows
        self.assertIsNone(refused_launch(trace(whole), "/"))
        args = {"op": "refused", "call": "launch", "status": -52, "name": "vadd", "dims": 1, "global": [1000],
                "local": [64], "at": [30]}
        self.assertIsNone(refused_launch(trace(args), "/"))


class QueueWithoutProfiling(unittest.TestCase):
    def test_the_queue_made_without_profiling_is_named_at_its_line(self):
        profiled = {"op": "queue", "id": "0xa", "properties": 2, "at": [20]}
        plain = {"op": "queue", "id": "0xb", "properties": 0, "at": [33]}
        found = queue_without_profiling(trace(profiled, plain), "/", EX)
        self.assertEqual(found[1:3], (FILE, 33))
        self.assertIn("while 1 other queue(s) have it", found[3])
        self.assertIsNone(queue_without_profiling(trace(profiled), "/", EX))
        self.assertIsNone(queue_without_profiling(trace(plain), "/", "Exercise02_ChainedVadd"))


class LaunchWithoutEvent(unittest.TestCase):
    def test_an_empty_event_waited_for_names_the_launch_made_without_one(self):
        launch = dict(LAUNCH, event=None, at=[41])
        empty = {"op": "wait", "call": "clWaitForEvents", "queue": "(nil)", "events": ["(nil)"], "at": [43]}
        found = launch_without_event(trace(QUEUE, launch, empty), "/", EX)
        self.assertEqual(found[1:3], (FILE, 41))
        self.assertIn("a wait at vadd.cpp:43 given an empty event", found[3])
        # The launch's own event waited for, or the launch in another folder: not this finding.
        self.assertIsNone(launch_without_event(trace(QUEUE, LAUNCH, dict(empty, events=["0xk"])), "/", EX))
        self.assertIsNone(launch_without_event(trace(QUEUE, launch, empty), "/", "Exercise02_ChainedVadd"))


class UnmappedHostPtr(unittest.TestCase):
    def test_a_use_host_ptr_buffer_a_kernel_got_and_nothing_mapped_is_named_at_its_line(self):
        a = {"op": "buffer", "id": "0xa", "flags": 4 | 8, "size": 4096, "at": [20]}
        c = {"op": "buffer", "id": "0xc", "flags": 2 | 8, "size": 4096, "at": [22]}
        launch = dict(LAUNCH, args=[{"mem": "0xa"}, {"mem": "0xc"}], at=[30])
        found = unmapped_host_ptr(trace(QUEUE, a, c, launch), "/", EX)
        self.assertEqual(found[1:3], (FILE, 22))
        self.assertIn("no map of", found[3])
        # A map or a read of C after the kernel, a map of another buffer only, C mapped before the kernel.
        mapped = {"op": "map", "queue": "0xq", "mem": "0xc", "blocking": True, "at": [31]}
        read = dict(READ, mem="0xc", blocking=True)
        self.assertIsNone(unmapped_host_ptr(trace(QUEUE, a, c, launch, mapped), "/", EX))
        self.assertIsNone(unmapped_host_ptr(trace(QUEUE, a, c, launch, read), "/", EX))
        self.assertIsNotNone(unmapped_host_ptr(trace(QUEUE, a, c, launch, dict(mapped, mem="0xa")), "/", EX))
        self.assertIsNotNone(unmapped_host_ptr(trace(QUEUE, a, c, mapped, launch), "/", EX))
        # A buffer copied from the host (no USE_HOST_PTR), or one made in another folder: not this finding.
        copied = dict(c, flags=2 | 32)
        self.assertIsNone(unmapped_host_ptr(trace(QUEUE, a, copied, launch), "/", EX))
        self.assertIsNone(unmapped_host_ptr(trace(QUEUE, a, c, launch), "/", "Exercise02_ChainedVadd"))


class RefusedTransfer(unittest.TestCase):
    def test_a_map_past_the_end_of_a_buffer_sized_in_elements(self):
        buffer = {"op": "buffer", "id": "0xb", "size": 1024, "flags": 1 | 32, "at": [20]}
        refused = {"op": "refused", "call": "map", "status": -30, "mem": "0xb", "offset": 0, "size": 4096, "at": [21]}
        found = refused_transfer(trace(QUEUE, buffer, refused), "/")
        self.assertEqual(found[1:3], (FILE, 21))
        self.assertIn("a map of 4096 bytes of a buffer that holds 1024 bytes", found[0])
        self.assertIn("made at vadd.cpp:20 holds 1024 bytes (CL_MEM_SIZE), and this map takes 4096 bytes", found[3])
        self.assertIn("its size was given as a count of elements", found[3])


if __name__ == "__main__":
    unittest.main()
