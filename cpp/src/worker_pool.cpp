#include "worker_pool.h"

namespace sat::detail {

#if SAT_HAS_THREADS

#if defined(__EMSCRIPTEN__)
namespace {
std::atomic<int> gPoolWorkersInUse{0};  // the module's pthread pool, across every WorkerPool
}  // namespace
#endif

bool WorkerPool::start(int workers) {
#if defined(__EMSCRIPTEN__)
  // A worker that stop() is about to give back counts as free.
  if (workers - int(threads_.size()) > SAT_PTHREAD_POOL_SIZE - gPoolWorkersInUse.load()) return false;
#endif
  stop();
#if defined(__EMSCRIPTEN__)
  gPoolWorkersInUse += workers > 0 ? workers : 0;
#endif
  quit_ = false;
  threads_.reserve(size_t(workers > 0 ? workers : 0));
  // Each worker starts from the generation of now: a job published before the thread first runs is still new to it.
  const unsigned seen = generation_;
  for (int i = 0; i < workers; ++i) threads_.emplace_back([this, seen] { workerLoop(seen); });
  return true;
}

void WorkerPool::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    quit_ = true;
  }
  wake_.notify_all();
  // Joined from the thread that started them (the main thread under Emscripten), a worker goes back to the pool
  // at once.
  for (std::thread& t : threads_) t.join();
#if defined(__EMSCRIPTEN__)
  gPoolWorkersInUse -= int(threads_.size());
#endif
  threads_.clear();
}

int WorkerPool::workers() const { return int(threads_.size()); }

void WorkerPool::drain() {
  for (int i = next_.fetch_add(1, std::memory_order_relaxed); i < taskCount_;
       i = next_.fetch_add(1, std::memory_order_relaxed)) {
    task_(context_, i);
  }
}

void WorkerPool::workerLoop(unsigned seen) {
  for (;;) {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return quit_ || generation_ != seen; });
      if (quit_) return;
      seen = generation_;
    }
    drain();
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (--busy_ == 0) done_.notify_one();
    }
  }
}

void WorkerPool::run(int taskCount, Task task, void* context) {
  if (threads_.empty() || taskCount <= 1) {
    for (int i = 0; i < taskCount; ++i) task(context, i);
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    task_ = task;
    context_ = context;
    taskCount_ = taskCount;
    next_.store(0, std::memory_order_relaxed);
    busy_ = int(threads_.size());
    ++generation_;
  }
  wake_.notify_all();
  drain();
  // Every worker leaves the job before run() returns: the next job may then overwrite task_ and context_, and
  // the task's writes are visible to the caller (each worker's last step is under the mutex).
  std::unique_lock<std::mutex> lock(mutex_);
  done_.wait(lock, [&] { return busy_ == 0; });
}

#else

bool WorkerPool::start(int workers) { return workers <= 0; }
void WorkerPool::stop() {}
int WorkerPool::workers() const { return 0; }
void WorkerPool::run(int taskCount, Task task, void* context) {
  for (int i = 0; i < taskCount; ++i) task(context, i);
}

#endif

}  // namespace sat::detail
