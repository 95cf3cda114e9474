// tests/schemas/citm.h - the CITM catalog schema of the typed benchmarks, as
// shared/data/README.md gives it: member names are the JSON keys, in order.
// Written compact (empty optionals as null), corpus/citm_catalog.json's data
// is 496,682 bytes.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace schemas {

struct CITMPrice {
  std::uint64_t amount = 0;
  std::uint64_t audienceSubCategoryId = 0;
  std::uint64_t seatCategoryId = 0;
};

struct CITMArea {
  std::uint64_t areaId = 0;
  std::vector<std::uint64_t> blockIds;
};

struct CITMSeatCategory {
  std::vector<CITMArea> areas;
  std::uint64_t seatCategoryId = 0;
};

struct CITMPerformance {
  std::uint64_t id = 0;
  std::uint64_t eventId = 0;
  std::optional<std::string> logo;
  std::optional<std::string> name;
  std::vector<CITMPrice> prices;
  std::vector<CITMSeatCategory> seatCategories;
  std::optional<std::string> seatMapImage;
  std::uint64_t start = 0;
  std::string venueCode;
};

struct CITMEvent {
  std::uint64_t id = 0;
  std::string name;
  std::optional<std::string> description;
  std::optional<std::string> logo;
  std::vector<std::uint64_t> subTopicIds;
  std::optional<std::string> subjectCode;
  std::optional<std::string> subtitle;
  std::vector<std::uint64_t> topicIds;
};

struct CitmCatalog {
  std::map<std::string, CITMEvent> events;
  std::vector<CITMPerformance> performances;
};

inline constexpr std::size_t citm_compact_size = 496682;

}  // namespace schemas
