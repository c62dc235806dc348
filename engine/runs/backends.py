"""Where a run's chunks of deals are played: in this process, in a pool of processes on this
machine (the standard library's), or on a Dask distributed cluster. Each backend submits a chunk
and waits for the first of those running to finish; `finished` is the one loop over them all."""

from __future__ import annotations

import importlib
import itertools
import multiprocessing
import signal
import threading
from collections.abc import Generator, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.context import BaseContext
from typing import Any, Protocol

from engine.protocol import JSON, BadRequest
from engine.runs.work import Deal, DealFailed, RunStopped, Work, play_chunk

IN_FLIGHT = 2  # chunks submitted per slot: the next is queued while one runs, and no more (a million
# deals never sit in a queue)
CONNECT_SECONDS = 10.0  # the wait for a Dask scheduler to answer


class Backend(Protocol):
    def slots(self) -> int:
        """How many deals it plays at once."""

    def submit(self, work: Work, chunk: list[Deal]) -> Any:
        """A future of `play_chunk(work, chunk)` (`result()`, `exception()`)."""

    def first_done(self, running: Iterable[Any]) -> set[Any]:
        """Wait until one of the running futures has finished; the finished ones."""

    def close(self, abandon: bool) -> None:
        """Release the workers; `abandon`: the run stopped, drop what still runs."""


class Serial:
    """In this process, one deal after another, in their order: what the others must equal,
    number for number. A chunk is played when it is first waited for."""

    def __init__(self) -> None:
        self.waiting: dict[Future[list[JSON]], tuple[Work, list[Deal]]] = {}

    def slots(self) -> int:
        return 1

    def submit(self, work: Work, chunk: list[Deal]) -> Future[list[JSON]]:
        future: Future[list[JSON]] = Future()
        self.waiting[future] = (work, chunk)
        return future

    def first_done(self, running: Iterable[Any]) -> set[Any]:
        future = next(iter(running))  # the first submitted of those running
        work, chunk = self.waiting.pop(future)
        try:
            future.set_result(play_chunk(work, chunk))
        except DealFailed as exc:
            future.set_exception(exc)
        return {future}

    def close(self, abandon: bool) -> None:
        self.waiting.clear()


def _ignore_interrupts() -> None:
    """A worker process leaves Ctrl-C to the run (the terminal sends it to every process)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class Processes:
    """`workers` processes of this machine (concurrent.futures), started as the pool is first used."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.pool: ProcessPoolExecutor | None = None

    def slots(self) -> int:
        return self.workers

    def submit(self, work: Work, chunk: list[Deal]) -> Future[list[JSON]]:
        if self.pool is None:
            self.pool = ProcessPoolExecutor(self.workers, _start_method(work), initializer=_ignore_interrupts)
        return self.pool.submit(play_chunk, work, chunk)

    def first_done(self, running: Iterable[Any]) -> set[Any]:
        return set(wait(list(running), return_when=FIRST_COMPLETED).done)

    def close(self, abandon: bool) -> None:
        if self.pool is None:
            return
        # the worker processes, taken before shutdown forgets them (no public way to end them
        # before Python 3.14's terminate_workers)
        processes = list((getattr(self.pool, "_processes", None) or {}).values())
        self.pool.shutdown(wait=not abandon, cancel_futures=True)
        if abandon:  # end the deals still running: else the pool's thread, and so the command's exit,
            for process in processes:  # waits for them
                process.terminate()


def _start_method(work: Work) -> BaseContext:
    """How worker processes start: forked from this process while it runs no other thread (the
    quickest, before it played any deal: the command's case), else from a fork server (a fork
    copies other threads' locks as they are: a test or benchmark beside a Dask cluster), which
    imports the work's module once for every worker; the platform's own where neither exists."""
    methods = multiprocessing.get_all_start_methods()
    if threading.active_count() == 1 and "fork" in methods:
        return multiprocessing.get_context("fork")
    if "forkserver" not in methods:
        return multiprocessing.get_context()
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([work.__module__])  # (once the server runs, it stays as it is)
    return context


class DaskCluster:
    """The workers of a Dask distributed scheduler (the optional extra `cluster`). The engine must
    be installed where each worker runs; a chunk on a worker that is lost is played again
    elsewhere by Dask itself."""

    def __init__(self, address: str) -> None:
        try:
            self.distributed: Any = importlib.import_module("distributed")  # untyped: used as Any
        except ImportError:
            raise BadRequest("--cluster needs Dask: pip install 'boneyard-engine[cluster]'") from None
        try:
            self.client = self.distributed.Client(address, timeout=CONNECT_SECONDS)
        except (OSError, TimeoutError, ValueError) as exc:
            raise BadRequest(f"cannot reach a Dask scheduler at {address} (waited {CONNECT_SECONDS:.0f} s): "
                             f"{exc}") from None

    def slots(self) -> int:
        threads: int = sum(self.client.nthreads().values())
        return max(1, threads)

    def submit(self, work: Work, chunk: list[Deal]) -> Any:
        return self.client.submit(play_chunk, work, chunk, pure=False)

    def first_done(self, running: Iterable[Any]) -> set[Any]:
        return set(self.distributed.wait(list(running), return_when="FIRST_COMPLETED").done)

    def close(self, abandon: bool) -> None:
        self.client.close()


def backend_for(workers: int, cluster: str | None) -> Backend:
    """A Dask cluster when an address is given, else `workers` processes (1: this process)."""
    if cluster is not None:
        return DaskCluster(cluster)
    return Serial() if workers == 1 else Processes(workers)


def finished(backend: Backend, work: Work, chunks: Iterator[list[Deal]]
             ) -> Generator[tuple[int, list[JSON]], None, None]:
    """(chunk number, its results) as each chunk finishes, with IN_FLIGHT chunks per slot
    submitted at a time; the backend is closed at the end, abandoned when the run stops early.
    A lost worker process or a Dask failure stops the run with RunStopped."""
    numbered = enumerate(chunks)
    running: dict[Any, int] = {}
    complete = False
    try:
        while True:
            for number, chunk in itertools.islice(numbered, max(0, IN_FLIGHT * backend.slots() - len(running))):
                running[backend.submit(work, chunk)] = number
            if not running:
                break
            done = backend.first_done(running)
            for future in sorted(done, key=lambda f: f.exception() is not None):  # what finished first
                yield running.pop(future), _result(future)
        complete = True
    finally:
        backend.close(abandon=not complete)


def _result(future: Any) -> list[JSON]:
    try:
        results: list[JSON] = future.result()
    except (DealFailed, KeyboardInterrupt):
        raise
    except BrokenProcessPool:
        raise RunStopped("a worker process was lost (killed, or out of memory)") from None
    except Exception as exc:  # Dask: a chunk whose workers all died (KilledWorker), the scheduler gone; work
        # that does not pickle; ...
        raise RunStopped(f"the run stopped: {type(exc).__name__}: {exc}") from None
    return results
