// Build-time tool: turns the page's files into a C++ source of byte arrays, so that the `nimkit`
// binary serves the page without any installed files, and compresses each file once here (brotli
// and gzip, at their best settings) so that the server never compresses a static file at run
// time. Run as a build step:
//   nimkit_embed_web OUTPUT.cc BASE_DIR index.html js/app.js ...
// Each file is served at "/" + its path relative to BASE_DIR ("index.html" also at "/"). The build
// runs it only when a page file (or this tool) changes. Exits 1 with a one-line message on an
// unreadable file or an unknown extension.
#include <brotli/encode.h>
#include <zlib.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string content_type_of(std::string_view path) {
  const auto dot = path.rfind('.');
  const std::string_view ext = dot == std::string_view::npos ? "" : path.substr(dot);
  if (ext == ".html") return "text/html; charset=utf-8";
  if (ext == ".css") return "text/css; charset=utf-8";
  if (ext == ".js") return "text/javascript; charset=utf-8";
  if (ext == ".svg") return "image/svg+xml";
  if (ext == ".png") return "image/png";
  if (ext == ".json" || ext == ".webmanifest") return "application/json";
  throw std::runtime_error("no content type known for " + std::string(path));
}

// PNG is compressed already: a second coding would only cost the client time.
bool worth_compressing(std::string_view content_type) { return content_type != "image/png"; }

std::string brotli(const std::string& data) {
  std::string out(BrotliEncoderMaxCompressedSize(data.size()), '\0');
  std::size_t size = out.size();
  if (!BrotliEncoderCompress(BROTLI_MAX_QUALITY, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_TEXT,
                             data.size(), reinterpret_cast<const std::uint8_t*>(data.data()), &size,
                             reinterpret_cast<std::uint8_t*>(out.data()))) {
    throw std::runtime_error("brotli failed");
  }
  out.resize(size);
  return out;
}

std::string gzip(const std::string& data) {
  z_stream stream{};
  // windowBits 15 + 16: a gzip header and trailer rather than zlib's.
  if (deflateInit2(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY) !=
      Z_OK) {
    throw std::runtime_error("gzip failed");
  }
  std::string out(deflateBound(&stream, static_cast<uLong>(data.size())) + 32, '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  stream.avail_in = static_cast<uInt>(data.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  const int status = deflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  if (status != Z_STREAM_END) throw std::runtime_error("gzip failed");
  return out;
}

// A strong validator of the file's bytes (FNV-1a, 64 bits): it changes whenever the page does.
std::string etag_of(const std::string& data) {
  std::uint64_t hash = 14695981039346656037ull;
  for (const char c : data) {
    hash = (hash ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  }
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
  return text;
}

// A byte array named `name`, sixteen bytes a line (readable in a diff or a debugger), with a
// trailing zero so that an empty file still makes a valid array.
void write_array(std::ostringstream& out, const std::string& name, const std::string& bytes) {
  out << "const unsigned char " << name << "[" << bytes.size() << " + 1] = {";
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    if (i % 16 == 0) out << "\n    ";
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02x,", static_cast<unsigned char>(bytes[i]));
    out << hex;
  }
  out << "0x00};\n\n";
}

std::string view_of(const std::string& name, std::size_t size) {
  return "std::string_view(reinterpret_cast<const char*>(" + name + "), " + std::to_string(size) +
         ")";
}

std::string generate(const std::string& base_dir, std::span<char*> files) {
  std::ostringstream arrays;
  std::ostringstream entries;
  for (std::size_t i = 0; i < files.size(); ++i) {
    const std::string path = files[i];
    const std::string body = read_file(base_dir + "/" + path);
    const std::string type = content_type_of(path);
    const std::string name = "kFile" + std::to_string(i);
    arrays << "// " << path << "\n";
    write_array(arrays, name, body);
    // A coding is kept only when it is smaller than the file itself.
    std::string br = worth_compressing(type) ? brotli(body) : "";
    std::string gz = worth_compressing(type) ? gzip(body) : "";
    if (br.size() >= body.size()) br.clear();
    if (gz.size() >= body.size()) gz.clear();
    write_array(arrays, name + "Br", br);
    write_array(arrays, name + "Gz", gz);
    entries << "    {\"/" << path << "\", \"" << type << "\", \"" << etag_of(body) << "\",\n     "
            << view_of(name, body.size()) << ",\n     " << view_of(name + "Br", br.size())
            << ",\n     " << view_of(name + "Gz", gz.size()) << "},\n";
  }
  std::ostringstream out;
  out << "// Generated by apps/server/embed_web.cc from apps/server/web/. Do not edit.\n"
         "#include <array>\n#include <string_view>\n\n#include \"static_files.h\"\n\n"
         "namespace nimkit::server {\nnamespace {\n\n"
      << arrays.str() << "const std::array<StaticFile, " << files.size() << "> kFiles = {{\n"
      << entries.str()
      << "}};\n\n}  // namespace\n\n"
         "std::span<const StaticFile> static_files() { return kFiles; }\n\n"
         "}  // namespace nimkit::server\n";
  return out.str();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fputs("usage: nimkit_embed_web OUTPUT.cc BASE_DIR FILE...\n", stderr);
    return 1;
  }
  try {
    const std::string output = argv[1];
    const std::string content = generate(argv[2], std::span<char*>(argv + 3, argv + argc));
    std::ofstream out(output, std::ios::binary | std::ios::trunc);
    out << content;
    if (!out) throw std::runtime_error("cannot write " + output);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "nimkit_embed_web: %s\n", e.what());
    return 1;
  }
  return 0;
}
