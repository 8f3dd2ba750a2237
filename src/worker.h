// A thread kept between jobs: the other thread of the sparse kernel's block stretches
// (sparse_blocks.h) and of the misère quotient's candidate search (src/misere/builder.cc).
#pragma once

#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <utility>

namespace nimkit::detail {

// Runs one job at a time on a thread of its own, which waits for the next between jobs. A block
// stretch starts one job; a thread started for every stretch was placed by the system on the
// calling thread's core at first, and the calling thread waited for it there (Officers to 2^24 on
// two threads: 0.16-0.22 s, 3 % of the run).
class Worker {
 public:
  Worker() : thread_([this] { loop(); }) {}
  Worker(const Worker&) = delete;
  Worker& operator=(const Worker&) = delete;
  // Only between jobs (after wait()).
  ~Worker() {
    {
      const std::lock_guard lock(mutex_);
      quit_ = true;
    }
    wake_.notify_one();
    thread_.join();
  }

  // Starts `job` on the worker (which must have finished the previous one: wait()). The job must
  // not throw.
  void start(std::function<void()> job) {
    {
      const std::lock_guard lock(mutex_);
      job_ = std::move(job);
      busy_ = true;
    }
    wake_.notify_one();
  }

  // Returns once the job started last has run.
  void wait() {
    std::unique_lock lock(mutex_);
    done_.wait(lock, [this] { return !busy_; });
  }

 private:
  void loop() {
    std::unique_lock lock(mutex_);
    for (;;) {
      wake_.wait(lock, [this] { return quit_ || job_ != nullptr; });
      if (job_ == nullptr) return;  // quit_
      std::function<void()> job = std::move(job_);
      job_ = nullptr;
      lock.unlock();
      job();
      lock.lock();
      busy_ = false;
      done_.notify_all();
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable done_;
  std::function<void()> job_;
  bool busy_ = false;
  bool quit_ = false;
  std::thread thread_;  // last: it runs loop(), which reads the members above
};

}  // namespace nimkit::detail
