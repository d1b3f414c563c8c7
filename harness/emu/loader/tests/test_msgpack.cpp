// MessagePack reader: encodings from the MessagePack spec, built by hand.
#include "fixtures.h"
#include "msgpack.h"

using rdna4emu::msgpack::parse;
using rdna4emu::msgpack::Value;
using V = std::vector<uint8_t>;

static Value P(const V& b) { return parse(b.data(), b.size()); }

TEST(Msgpack, Integers) {
  EXPECT_EQ(P({0x05}).u, 5u);
  EXPECT_EQ(P({0x7f}).u, 127u);
  Value neg = P({0xff});
  EXPECT_EQ(neg.kind, Value::Kind::Int);
  EXPECT_EQ(neg.i, -1);
  EXPECT_EQ(P({0xe0}).i, -32);
  EXPECT_EQ(P({0xcc, 0xc8}).u, 200u);
  EXPECT_EQ(P({0xcd, 0x01, 0x02}).u, 0x0102u);  // big-endian
  EXPECT_EQ(P({0xce, 0x01, 0x02, 0x03, 0x04}).u, 0x01020304u);
  EXPECT_EQ(P({0xcf, 0x80, 0, 0, 0, 0, 0, 0, 1}).u, 0x8000000000000001ull);
  EXPECT_EQ(P({0xd0, 0x80}).i, -128);
  EXPECT_EQ(P({0xd1, 0xff, 0x00}).i, -256);
  EXPECT_EQ(P({0xd2, 0xff, 0xff, 0xff, 0xfe}).i, -2);
  EXPECT_EQ(P({0xd3, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfd}).i, -3);
  Value pos = P({0xd0, 0x05});  // a non-negative signed value reads as unsigned
  EXPECT_EQ(pos.kind, Value::Kind::UInt);
  EXPECT_EQ(pos.u, 5u);
}

TEST(Msgpack, ScalarsAndStrings) {
  EXPECT_EQ(P({0xc0}).kind, Value::Kind::Nil);
  EXPECT_TRUE(P({0xc3}).b);
  EXPECT_FALSE(P({0xc2}).b);
  EXPECT_EQ(P({0xca, 0x3f, 0xc0, 0x00, 0x00}).f, 1.5);
  EXPECT_EQ(P({0xcb, 0x40, 0x04, 0, 0, 0, 0, 0, 0}).f, 2.5);
  EXPECT_EQ(P({0xa3, 'a', 'b', 'c'}).s, "abc");
  EXPECT_EQ(P({0xd9, 2, 'h', 'i'}).s, "hi");
  EXPECT_EQ(P({0xda, 0, 1, 'x'}).s, "x");
  EXPECT_EQ(P({0xc4, 2, 0xde, 0xad}).s, std::string("\xde\xad"));
  Value ext = P({0xd4, 0x07, 0x99});
  EXPECT_EQ(ext.kind, Value::Kind::Ext);
  EXPECT_EQ(ext.ext_type, 7);
}

TEST(Msgpack, Containers) {
  // {"a": [1, 2], "b": {}}
  Value v = P({0x82, 0xa1, 'a', 0x92, 0x01, 0x02, 0xa1, 'b', 0x80});
  ASSERT_TRUE(v.is_map());
  ASSERT_NE(v.get("a"), nullptr);
  ASSERT_EQ(v.get("a")->array.size(), 2u);
  EXPECT_EQ(v.get("a")->array[1].u, 2u);
  EXPECT_TRUE(v.get("b")->is_map());
  EXPECT_EQ(v.get("c"), nullptr);
  EXPECT_EQ(P({0xdc, 0, 1, 0x07}).array.at(0).u, 7u);
  EXPECT_EQ(P({0xde, 0, 1, 0xa1, 'k', 0xc3}).get("k")->b, true);
}

TEST(Msgpack, Malformed) {
  EXPECT_LOAD_ERROR(P({}), "truncated type byte");
  EXPECT_LOAD_ERROR(P({0xcd, 0x01}), "truncated uint");
  EXPECT_LOAD_ERROR(P({0xa5, 'a'}), "truncated fixstr");
  EXPECT_LOAD_ERROR(P({0xdb, 0xff, 0xff, 0xff, 0xff}), "truncated string");
  EXPECT_LOAD_ERROR(P({0xc1}), "reserved type byte 0xc1");
  EXPECT_LOAD_ERROR(P({0x92, 0x01}), "array of 2 elements larger than the input");
  // A count far beyond the input is refused before anything is allocated.
  EXPECT_LOAD_ERROR(P({0xdd, 0xff, 0xff, 0xff, 0xff}), "larger than the input");
  EXPECT_LOAD_ERROR(P({0xdf, 0xff, 0xff, 0xff, 0xff, 0x01}), "larger than the input");
  EXPECT_LOAD_ERROR(P({0x01, 0x02}), "trailing bytes");
  EXPECT_LOAD_ERROR(P({0x81, 0xa1, 'k'}), "truncated type byte (needs 1 bytes, 0 left) at byte 3");
  // 100 nested one-element arrays: refused at depth 65, no stack overflow.
  V deep(100, 0x91);
  deep.push_back(0x00);
  EXPECT_LOAD_ERROR(P(deep), "nesting deeper than 64");
  V ok(64, 0x91);
  ok.push_back(0x00);
  EXPECT_NO_THROW(P(ok));
}
