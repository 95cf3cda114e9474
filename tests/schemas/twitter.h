// tests/schemas/twitter.h - the twitter subset of the typed benchmarks, as
// shared/data/README.md gives it: member names are the JSON keys, in order.
// Written compact, the subset of corpus/twitter.json is 81,927 bytes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace schemas {

struct User {
  std::uint64_t id = 0;
  std::string name;
  std::string screen_name;
  std::string location;
  std::string description;
  bool verified = false;
  std::uint64_t followers_count = 0;
  std::uint64_t friends_count = 0;
  std::uint64_t statuses_count = 0;
};

struct Status {
  std::string created_at;
  std::uint64_t id = 0;
  std::string text;
  User user;
  std::uint64_t retweet_count = 0;
  std::uint64_t favorite_count = 0;
};

struct TwitterData {
  std::vector<Status> statuses;
};

inline constexpr std::size_t twitter_compact_size = 81927;

}  // namespace schemas
