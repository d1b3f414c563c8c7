// Unit tests of Inputs/cpu-reference/json_writer.h. Expected texts are written by hand
// from RFC 8259 (string escapes: section 7; numbers: section 6) and from the layout rules
// stated at the top of json_writer.h.
#include "../json_writer.h"

#include <gtest/gtest.h>

#include <limits>
#include <stdexcept>

using jsonw::Style;
using jsonw::Writer;

TEST(JsonEscape, QuoteBackslashAndControlCharacters) {
  EXPECT_EQ(jsonw::escape("plain text"), "plain text");
  EXPECT_EQ(jsonw::escape("a\"b\\c"), "a\\\"b\\\\c");
  EXPECT_EQ(jsonw::escape("\n\r\t\b\f"), "\\n\\r\\t\\b\\f");
  EXPECT_EQ(jsonw::escape(std::string("\x01\x1f", 2)), "\\u0001\\u001f");
  EXPECT_EQ(jsonw::escape(std::string("nul\0x", 5)), "nul\\u0000x");
  EXPECT_EQ(jsonw::escape("/ and \x7f pass"), "/ and \x7f pass");       // no escape required
  EXPECT_EQ(jsonw::escape("gr\xc3\xb6\xc3\x9f" "e"), "gr\xc3\xb6\xc3\x9f" "e");  // UTF-8 bytes unchanged
}

TEST(JsonWriter, Scalars) {
  EXPECT_EQ(Writer().value(-42).str(), "-42");
  EXPECT_EQ(Writer().value(4294967295ul).str(), "4294967295");
  EXPECT_EQ(Writer().value(true).str(), "true");
  EXPECT_EQ(Writer().value(false).str(), "false");
  EXPECT_EQ(Writer().null().str(), "null");
  EXPECT_EQ(Writer().value("x\"y").str(), "\"x\\\"y\"");
  EXPECT_EQ(Writer().value(static_cast<const char*>(nullptr)).str(), "null");
  EXPECT_EQ(Writer().value(0.5).str(), "0.5");
  EXPECT_EQ(Writer().value(0.1).str(), "0.1");       // shortest text that reads back
  EXPECT_EQ(Writer().value(1e300).str(), "1e+300");
  EXPECT_EQ(Writer().value(-2.0).str(), "-2");
  EXPECT_EQ(Writer().value(std::numeric_limits<double>::quiet_NaN()).str(), "null");
  EXPECT_EQ(Writer().value(-std::numeric_limits<double>::infinity()).str(), "null");
}

TEST(JsonWriter, BlockObjectAndArrays) {
  Writer w;
  w.begin_object();
  w.member("name", "p").member("n", 3);
  w.key("empty").begin_array().end_array();
  w.key("list").begin_array().value(1).value("two").end_array();
  w.end_object();
  EXPECT_EQ(w.str(), "{\n  \"name\": \"p\",\n  \"n\": 3,\n  \"empty\": [],\n  \"list\": [\n    1,\n    \"two\"\n  ]\n}");
}

TEST(JsonWriter, InlineCompactAndLineHints) {
  Writer w;
  w.begin_object();
  w.member("a", 1).same_line().member("b", 2);
  w.key("o").begin_object(Style::Inline).member("x", true).new_line();
  w.key("t").begin_array(Style::Compact);
  w.begin_array(Style::Compact).value(0).value(1).end_array();
  w.begin_array(Style::Compact).value(2).value(3).end_array();
  w.end_array().end_object();
  w.key("e").begin_object(Style::Inline).end_object();
  w.end_object();
  EXPECT_EQ(w.str(), "{\n  \"a\": 1, \"b\": 2,\n  \"o\": {\"x\": true,\n    \"t\": [[0,1],[2,3]]},\n  \"e\": {}\n}");
}

TEST(JsonWriter, NestedBlockIndentFollowsTheOpeningLine) {
  Writer w;
  w.begin_object().key("ops").begin_object();
  w.key("A").begin_object(Style::Inline).member("regs", 4).key("fields").begin_array();
  w.begin_object(Style::Inline).member("lane", 0).end_object();
  w.end_array().end_object().end_object().end_object();
  EXPECT_EQ(w.str(),
            "{\n  \"ops\": {\n    \"A\": {\"regs\": 4, \"fields\": [\n      {\"lane\": 0}\n    ]}\n  }\n}");
}

TEST(JsonWriter, KeysAreEscaped) {
  EXPECT_EQ(Writer().begin_object(Style::Inline).member("a\"b", 1).end_object().str(), "{\"a\\\"b\": 1}");
}

TEST(JsonWriter, MisuseThrows) {
  EXPECT_THROW(Writer().begin_object().value(1), std::logic_error);           // value without key
  EXPECT_THROW(Writer().begin_array().key("k"), std::logic_error);            // key in an array
  EXPECT_THROW(Writer().begin_object().key("a").key("b"), std::logic_error);  // key after key
  EXPECT_THROW(Writer().begin_array().end_object(), std::logic_error);        // mismatched close
  EXPECT_THROW(Writer().end_array(), std::logic_error);                       // nothing open
  EXPECT_THROW(Writer().begin_object().key("k").end_object(), std::logic_error);  // dangling key
  EXPECT_THROW(Writer().value(1).value(2), std::logic_error);                 // two documents
  EXPECT_THROW(Writer().begin_object().str(), std::logic_error);              // unfinished
  EXPECT_THROW(Writer().str(), std::logic_error);                             // empty
}
