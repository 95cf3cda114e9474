// tests/support/document_texts.h - many-document texts with every kind of line or
// record, good and bad, that the parallel and stream tests compare readers on.
#pragma once

#include <string>

namespace jot_test {

// Lines of every kind: good, blank, CRLF, bad in several ways, long.
inline std::string mixed_text() {
  std::string t;
  for (int i = 0; i < 40; ++i) {
    switch (i % 8) {
      case 0: t += "{\"id\":" + std::to_string(i) + ",\"s\":\"x\\ny\"}\n"; break;
      case 1: t += "\n"; break;
      case 2: t += "  [1,2,3]  \r\n"; break;
      case 3: t += "[1,\n"; break;                                  // unexpected_end at the LF
      case 4: t += std::string(100 + i, ' ') + "\"long\"\n"; break;
      case 5: t += "{\"a\":tru}\n"; break;                          // invalid literal
      case 6: t += "1 2\n"; break;                                  // trailing content
      default: t += "\t\r\n"; break;
    }
  }
  return t;
}

// Records of every kind: good ones spanning lines and starting mid-line,
// empty ones, cut numbers, bad ones, and junk before the first RS.
inline std::string mixed_records(bool junk_first) {
  std::string t = junk_first ? "junk\n" : "";
  for (int i = 0; i < 40; ++i) {
    switch (i % 9) {
      case 0: t += "\x1e{\"id\":" + std::to_string(i) + ",\n  \"s\":\"x\\ny\"\n}\n"; break;
      case 1: t += "\x1e\x1e\n"; break;                          // an empty record: no document
      case 2: t += "\x1e  [1,\r\n2,\n3]  "; break;               // the next record starts mid-line
      case 3: t += "\x1e[1,\n\n"; break;                          // unexpected_end
      case 4: t += "\x1e" + std::string(100 + i, ' ') + "\"long\"\n"; break;
      case 5: t += "\x1e{\"a\":\ntru}\n"; break;                // invalid literal on the record's 2nd line
      case 6: t += "\x1e" "12"; break;                            // possibly cut: no whitespace after it
      case 7: t += "\x1e" "1 2\n"; break;                         // trailing content
      default: t += "\x1e\"\xff\"\n"; break;                    // bad UTF-8
    }
  }
  return t;
}

// n good NDJSON lines {"id":i,...}, i from 0: the ids sum to n (n - 1) / 2.
inline std::string id_lines(int n) {
  std::string t;
  for (int i = 0; i < n; ++i) t += "{\"id\":" + std::to_string(i) + ",\"tag\":\"t\\u00e9\",\"v\":[1.5,true,null]}\n";
  return t;
}

}  // namespace jot_test
