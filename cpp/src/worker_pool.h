// Private: the worker threads a world splits update()'s parallel stages over (World::setThreads).
//
// A job is `taskCount` independent tasks; the calling thread and the workers take task indices from a shared
// counter until none are left, and run() returns when every task has finished. Which thread runs which task is
// not fixed, so a task must write only its own outputs: the world splits its pairs and bodies into contiguous
// chunks, one task each, and joins the chunks' outputs in chunk order afterwards (which is what keeps the results
// bit-identical to one thread).
//
// Builds without threads (Emscripten without -pthread) compile no threading at all: start() refuses and run()
// runs the tasks in order on the calling thread.
#pragma once

#if !defined(__EMSCRIPTEN__) || defined(__EMSCRIPTEN_PTHREADS__)
#define SAT_HAS_THREADS 1
#else
#define SAT_HAS_THREADS 0
#endif

#if SAT_HAS_THREADS && defined(__EMSCRIPTEN__) && !defined(SAT_PTHREAD_POOL_SIZE)
#define SAT_PTHREAD_POOL_SIZE 0  // the build names its -sPTHREAD_POOL_SIZE; without it, no workers are safe
#endif

#if SAT_HAS_THREADS
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>
#endif

namespace sat::detail {

class WorkerPool {
 public:
  using Task = void (*)(void* context, int task);

  WorkerPool() = default;
  ~WorkerPool() { stop(); }
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  /// Whether this build can start worker threads.
  static constexpr bool available() { return SAT_HAS_THREADS != 0; }

  /// Stops the current workers and starts `workers` new ones (0: none). False, with the workers unchanged, when
  /// this build has no threads, or under Emscripten when the module's pthread pool (SAT_PTHREAD_POOL_SIZE workers,
  /// shared by every WorkerPool) lacks them: a pthread beyond the pool would start only once the main thread
  /// returns to its event loop, which a run() waiting for it never does.
  bool start(int workers);
  /// Joins the workers.
  void stop();
  int workers() const;

  /// Runs task(context, i) for every i in [0, taskCount) on the workers and the calling thread; returns when all
  /// have finished. Allocates nothing.
  void run(int taskCount, Task task, void* context);

 private:
#if SAT_HAS_THREADS
  void workerLoop(unsigned seen);
  void drain();

  std::vector<std::thread> threads_;
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  // The job, published under mutex_ with a new generation; the workers read it after seeing the generation.
  Task task_ = nullptr;
  void* context_ = nullptr;
  int taskCount_ = 0;
  unsigned generation_ = 0;
  int busy_ = 0;  // workers still inside the current job
  bool quit_ = false;
  std::atomic<int> next_{0};
#endif
};

}  // namespace sat::detail
