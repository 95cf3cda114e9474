// Must NOT compile with -Werror=unused-result (ctest result_is_nodiscard): it
// drops a jot::result on the floor.
#include <jot/jot.h>

bool ignores_the_result(jot::value v) {
  v.get_bool();
  return true;
}
