// The page's files as `nimkit serve` sends them: the codings made at build time, entity tags and
// 304s, and an index.html that preloads every module so that the first paint waits on no chain
// of imports.
#include <gtest/gtest.h>
#include <httplib.h>

#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <string_view>

#include "nimkit/registry.h"
#include "server_test_fixture.h"
#include "static_files.h"

namespace nimkit::server {
namespace {

const StaticFile& file_at(std::string_view path) {
  const StaticFile* file = find_static_file(path);
  if (file == nullptr) throw std::runtime_error("no embedded " + std::string(path));
  return *file;
}

TEST(StaticFilesTest, EveryTextFileIsEmbeddedWithSmallerCodings) {
  for (const StaticFile& file : static_files()) {
    EXPECT_FALSE(file.body.empty()) << file.path;
    EXPECT_EQ(file.etag.size(), 16u) << file.path;
    if (file.content_type.starts_with("text/")) {
      EXPECT_FALSE(file.brotli.empty()) << file.path;
      EXPECT_FALSE(file.gzip.empty()) << file.path;
    }
    if (!file.brotli.empty()) {
      EXPECT_LT(file.brotli.size(), file.body.size()) << file.path;
    }
    if (!file.gzip.empty()) {
      EXPECT_LT(file.gzip.size(), file.body.size()) << file.path;
    }
  }
}

TEST(StaticFilesTest, BrotliIsPreferredThenGzipThenNone) {
  const StaticFile& css = file_at("/style.css");
  EXPECT_EQ(choose_coding(css, "gzip, deflate, br").encoding, "br");
  EXPECT_EQ(choose_coding(css, "gzip, deflate, br").bytes, css.brotli);
  EXPECT_EQ(choose_coding(css, "gzip").encoding, "gzip");
  EXPECT_EQ(choose_coding(css, "gzip").bytes, css.gzip);
  EXPECT_EQ(choose_coding(css, "").encoding, "");
  EXPECT_EQ(choose_coding(css, "").bytes, css.body);
  EXPECT_EQ(choose_coding(css, "identity").encoding, "");
  EXPECT_EQ(choose_coding(css, "*").encoding, "br");
  EXPECT_EQ(choose_coding(css, "GZIP").encoding, "gzip");
}

TEST(StaticFilesTest, ACodingGivenQZeroIsRefused) {
  const StaticFile& css = file_at("/style.css");
  EXPECT_EQ(choose_coding(css, "br;q=0, gzip").encoding, "gzip");
  EXPECT_EQ(choose_coding(css, "br; q=0.000, gzip;q=0").encoding, "");
  EXPECT_EQ(choose_coding(css, "br;q=0.5").encoding, "br");
  EXPECT_EQ(choose_coding(css, "gzip, *;q=0").encoding, "gzip");
  EXPECT_EQ(choose_coding(css, "*;q=0").encoding, "");
  // "brotli" is not "br", whatever a substring search would say.
  EXPECT_EQ(choose_coding(css, "brotli").encoding, "");
}

TEST(StaticFilesTest, EachCodingHasItsOwnEntityTag) {
  const StaticFile& css = file_at("/style.css");
  const std::string plain = choose_coding(css, "").etag;
  const std::string br = choose_coding(css, "br").etag;
  const std::string gz = choose_coding(css, "gzip").etag;
  EXPECT_EQ(plain, "\"" + std::string(css.etag) + "\"");
  EXPECT_NE(plain, br);
  EXPECT_NE(plain, gz);
  EXPECT_NE(br, gz);
  EXPECT_TRUE(etag_matches(br, br));
  EXPECT_TRUE(etag_matches("\"x\", " + br, br));
  EXPECT_TRUE(etag_matches("W/" + br, br));
  EXPECT_TRUE(etag_matches("*", br));
  EXPECT_FALSE(etag_matches(plain, br));
  EXPECT_FALSE(etag_matches("", br));
}

// The page is one module: index.html loads /js/app.js alone, the build's bundle of every module,
// which imports nothing more, so a first visit fetches one script instead of a chain of imports.
TEST(StaticFilesTest, ThePageIsOneBundledModule) {
  const std::string index(file_at("/index.html").body);
  const std::string_view script = R"(<script type="module" src=")";
  std::set<std::string> scripts;
  for (std::size_t at = index.find(script); at != std::string::npos; at = index.find(script, at)) {
    at += script.size();
    const std::size_t quote = index.find('"', at);
    ASSERT_NE(quote, std::string::npos) << index.substr(at, 80);
    scripts.insert(index.substr(at, quote - at));
  }
  EXPECT_EQ(scripts, std::set<std::string>{"js/app.js"});
  std::set<std::string> modules;
  for (const StaticFile& file : static_files()) {
    if (file.path.ends_with(".js")) modules.insert(std::string(file.path));
  }
  EXPECT_EQ(modules, std::set<std::string>{"/js/app.js"});
  const std::string_view bundle = file_at("/js/app.js").body;
  for (std::string_view import : {R"(from")", R"(import")", "import("}) {
    EXPECT_EQ(bundle.find(import), std::string_view::npos) << import;
  }
  EXPECT_NE(bundle.find("nimkit:board-ready"), std::string_view::npos);
  EXPECT_TRUE(bundle.ends_with("//# sourceMappingURL=app.js.map\n"));
  EXPECT_FALSE(file_at("/js/app.js.map").body.empty());
}

// Every view the registry names has its renderer in the page's list of views
// (js/views/index.js, which the bundle is built from), and its module.
TEST(StaticFilesTest, EveryViewTheRegistryNamesHasItsRendererOnThePage) {
  const std::string dir = NIMKIT_SOURCE_DIR "/apps/server/web/js/views/";
  std::ifstream in(dir + "index.js");
  ASSERT_TRUE(in) << dir;
  const std::string list{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  for (const RulesetEntry& entry : registry()) {
    const std::string view(entry.facts.view);
    EXPECT_NE(list.find("import * as " + view + " from './" + view + ".js';"), std::string::npos)
        << entry.name << " names view " << view;
    EXPECT_TRUE(std::ifstream(dir + view + ".js")) << entry.name << " names view " << view;
  }
}

TEST_F(ServerApiTest, AStaticFileGoesOutInItsBuildTimeCodingWithAnEntityTag) {
  const StaticFile& app = file_at("/js/app.js");
  auto c = client();
  c.set_decompress(false);
  auto res = c.Get("/js/app.js", {{"Accept-Encoding", "gzip, deflate, br"}});
  ASSERT_TRUE(res);
  EXPECT_EQ(res->status, 200);
  EXPECT_EQ(res->get_header_value("Content-Encoding"), "br");
  EXPECT_EQ(res->get_header_value("Content-Type"), "text/javascript; charset=utf-8");
  EXPECT_EQ(res->get_header_value("Vary"), "Accept-Encoding");
  EXPECT_EQ(res->get_header_value("Cache-Control"), "no-cache");
  EXPECT_EQ(res->body, app.brotli);
  const std::string etag = res->get_header_value("ETag");
  EXPECT_EQ(etag, choose_coding(app, "br").etag);

  auto plain = c.Get("/js/app.js", {{"Accept-Encoding", "identity"}});
  ASSERT_TRUE(plain);
  EXPECT_FALSE(plain->has_header("Content-Encoding"));
  EXPECT_EQ(plain->body, app.body);

  // httplib's own client asks for br and decodes it: the bytes are the file's.
  auto decoded = client().Get("/js/app.js", {{"Accept-Encoding", "br"}});
  ASSERT_TRUE(decoded);
  EXPECT_EQ(decoded->body, app.body);
}

TEST_F(ServerApiTest, ACurrentCopyIsAnswered304WithoutABody) {
  auto c = client();
  c.set_decompress(false);
  auto first = c.Get("/style.css", {{"Accept-Encoding", "br"}});
  ASSERT_TRUE(first);
  const std::string etag = first->get_header_value("ETag");
  auto again = c.Get("/style.css", {{"Accept-Encoding", "br"}, {"If-None-Match", etag}});
  ASSERT_TRUE(again);
  EXPECT_EQ(again->status, 304);
  EXPECT_TRUE(again->body.empty());
  EXPECT_EQ(again->get_header_value("ETag"), etag);
  // The same tag for another coding is another representation: sent whole.
  auto other = c.Get("/style.css", {{"Accept-Encoding", "gzip"}, {"If-None-Match", etag}});
  ASSERT_TRUE(other);
  EXPECT_EQ(other->status, 200);
  EXPECT_EQ(other->get_header_value("Content-Encoding"), "gzip");
}

// The page as the server sends it holds what a first visit would ask before drawing: the ruleset
// list and the first ruleset's game with its analysis and legal moves, each what the endpoint
// answers; no text in them can close the block early.
TEST_F(ServerApiTest, TheIndexCarriesTheFirstAnswers) {
  auto page = client().Get("/");
  ASSERT_TRUE(page);
  ASSERT_EQ(page->status, 200);
  const std::string open = R"(<script type="application/json" id="first-answers">)";
  const std::size_t from = page->body.find(open);
  ASSERT_NE(from, std::string::npos);
  const std::size_t to = page->body.find("</script>", from);
  ASSERT_NE(to, std::string::npos);
  const std::string block = page->body.substr(from + open.size(), to - from - open.size());
  EXPECT_EQ(block.find('<'), std::string::npos);
  const nlohmann::json answers = nlohmann::json::parse(block);
  EXPECT_EQ(answers["rulesets"], get("/api/rulesets").body["rulesets"]);
  const RulesetEntry& first = registry().front();
  const nlohmann::json& game = answers["game"];
  EXPECT_EQ(game["rules"], first.name);
  EXPECT_EQ(game["played"], 0);
  const nlohmann::json where{{"rules", first.name}, {"position", first.start}};
  EXPECT_EQ(game["analysis"], post_json("/api/analyze", where).body);
  EXPECT_EQ(game["legal_moves"]["moves"], post_json("/api/moves", where).body["moves"]);
  // The same page at "/index.html", and its codings are of these bytes.
  auto named = client().Get("/index.html", {{"Accept-Encoding", "identity"}});
  ASSERT_TRUE(named);
  EXPECT_EQ(named->body, page->body);
  auto coded = client().Get("/", {{"Accept-Encoding", "gzip"}});
  ASSERT_TRUE(coded);
  EXPECT_EQ(coded->body, page->body);
}

}  // namespace
}  // namespace nimkit::server
