// typed_decode / typed_encode: structs with tags for the schemas of data/README.md.
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
)

type User struct {
	ID             uint64 `json:"id"`
	Name           string `json:"name"`
	ScreenName     string `json:"screen_name"`
	Location       string `json:"location"`
	Description    string `json:"description"`
	Verified       bool   `json:"verified"`
	FollowersCount uint64 `json:"followers_count"`
	FriendsCount   uint64 `json:"friends_count"`
	StatusesCount  uint64 `json:"statuses_count"`
}

type Status struct {
	CreatedAt     string `json:"created_at"`
	ID            uint64 `json:"id"`
	Text          string `json:"text"`
	User          User   `json:"user"`
	RetweetCount  uint64 `json:"retweet_count"`
	FavoriteCount uint64 `json:"favorite_count"`
}

type TwitterData struct {
	Statuses []Status `json:"statuses"`
}

type CITMPrice struct {
	Amount                uint64 `json:"amount"`
	AudienceSubCategoryID uint64 `json:"audienceSubCategoryId"`
	SeatCategoryID        uint64 `json:"seatCategoryId"`
}

type CITMArea struct {
	AreaID   uint64   `json:"areaId"`
	BlockIds []uint64 `json:"blockIds"`
}

type CITMSeatCategory struct {
	Areas          []CITMArea `json:"areas"`
	SeatCategoryID uint64     `json:"seatCategoryId"`
}

type CITMPerformance struct {
	ID             uint64             `json:"id"`
	EventID        uint64             `json:"eventId"`
	Logo           *string            `json:"logo"`
	Name           *string            `json:"name"`
	Prices         []CITMPrice        `json:"prices"`
	SeatCategories []CITMSeatCategory `json:"seatCategories"`
	SeatMapImage   *string            `json:"seatMapImage"`
	Start          uint64             `json:"start"`
	VenueCode      string             `json:"venueCode"`
}

type CITMEvent struct {
	ID          uint64   `json:"id"`
	Name        string   `json:"name"`
	Description *string  `json:"description"`
	Logo        *string  `json:"logo"`
	SubTopicIds []uint64 `json:"subTopicIds"`
	SubjectCode *string  `json:"subjectCode"`
	Subtitle    *string  `json:"subtitle"`
	TopicIds    []uint64 `json:"topicIds"`
}

type CitmCatalog struct {
	Events       map[string]CITMEvent `json:"events"`
	Performances []CITMPerformance    `json:"performances"`
}

type RPCLimits struct {
	MaxOutputs    uint32 `json:"max_outputs"`
	MaxInputs     uint32 `json:"max_inputs"`
	DustThreshold uint64 `json:"dust_threshold"`
	AllowPartial  bool   `json:"allow_partial"`
}

type RPCPeer struct {
	Host      string  `json:"host"`
	Port      uint16  `json:"port"`
	Height    uint64  `json:"height"`
	Trusted   bool    `json:"trusted"`
	LatencyMs float64 `json:"latency_ms"`
}

type RPCCall struct {
	Method        string    `json:"method"`
	RequestID     uint64    `json:"request_id"`
	APIVersion    string    `json:"api_version"`
	Verbose       bool      `json:"verbose"`
	Priority      int32     `json:"priority"`
	FeeRate       float64   `json:"fee_rate"`
	WalletAddress string    `json:"wallet_address"`
	ReserveSize   uint32    `json:"reserve_size"`
	Tags          []string  `json:"tags"`
	Weights       []uint32  `json:"weights"`
	Limits        RPCLimits `json:"limits"`
	Peers         []RPCPeer `json:"peers"`
	Note          string    `json:"note"`
}

// sameValue: a and b are equal, or hold the same JSON once written by
// encoding/json (OpenRTB's json.RawMessage ext keeps its input's text, whose
// object members move in a keys-shuffled input; numbers are kept as text).
func sameValue(a, b any) bool {
	if reflect.DeepEqual(a, b) {
		return true
	}
	var x, y any
	for _, p := range []struct {
		v   any
		out *any
	}{{a, &x}, {b, &y}} {
		text, err := json.Marshal(p.v)
		if err != nil {
			return false
		}
		d := json.NewDecoder(bytes.NewReader(text))
		d.UseNumber()
		if d.Decode(p.out) != nil {
			return false
		}
	}
	return reflect.DeepEqual(x, y)
}

// typedDecode times every codec's decode of data: "fresh" decodes into a new
// value each time; "reused" decodes into the same value (slices keep
// capacity). Each result must equal ref (the decode of data, or of the same
// input in its original key order when data is its keys-shuffled twin).
func typedDecode[T any](cfg config, dataset string, data []byte, ref *T) {
	var dec []benchCase
	for _, c := range codecs {
		c := c
		var chk T
		note := ""
		if err := c.unmarshal(data, &chk); err != nil || !sameValue(&chk, ref) {
			note = "DECODE MISMATCH"
		}
		dec = append(dec, benchCase{library: c.name, version: c.version, variant: "fresh", note: note,
			op: func() int {
				var v T
				if err := c.unmarshal(data, &v); err != nil {
					panic(err)
				}
				return 1
			}})
		var reused T
		dec = append(dec, benchCase{library: c.name, version: c.version, variant: "reused", note: note,
			op: func() int {
				if err := c.unmarshal(data, &reused); err != nil {
					panic(err)
				}
				return 1
			}})
	}
	runGroup(cfg, group{workload: "typed_decode", dataset: dataset, metric: "throughput", dataBytes: float64(len(data))}, dec)
}

// typedOne runs decode and encode for one schema and, when shuffled is not
// nil (the input's keys-shuffled twin, bench/shuffle_keys.py), decode again
// on that.
func typedOne[T any](cfg config, dataset string, data, shuffled []byte, expectLen int) {
	var ref T
	if err := codecs[0].unmarshal(data, &ref); err != nil {
		panic(err)
	}
	typedDecode(cfg, dataset, data, &ref)

	var enc []benchCase
	var sizes []float64
	for _, c := range codecs {
		c := c
		out, err := c.marshal(&ref)
		if err != nil {
			panic(err)
		}
		var back T
		note := fmt.Sprintf("output %d bytes", len(out))
		if codecs[0].unmarshal(out, &back) != nil || !reflect.DeepEqual(back, ref) {
			note = "ENCODE MISMATCH; " + note
		}
		if expectLen != 0 && len(out) != expectLen {
			note = fmt.Sprintf("size %d != %d; ", len(out), expectLen) + note
		}
		sizes = append(sizes, float64(len(out)))
		enc = append(enc, benchCase{library: c.name, version: c.version, variant: "fresh", note: note,
			op: func() int {
				b, err := c.marshal(&ref)
				if err != nil {
					panic(err)
				}
				return len(b)
			}})
	}
	runGroup(cfg, group{workload: "typed_encode", dataset: dataset, metric: "throughput", caseBytes: sizes}, enc)
	if shuffled != nil {
		typedDecode(cfg, dataset+" (keys shuffled)", shuffled, &ref)
	}
}

// typed runs every schema; shuffledDir holds the keys-shuffled inputs under
// the same relative paths ("" or incomplete: their rows are skipped).
func typed(cfg config, dir, shuffledDir string) {
	files := []string{"corpus/twitter.json", "corpus/citm_catalog.json", "rpc/sample.json", "openrtb/banner.json",
		"openrtb/video_app.json"}
	twins := map[string][]byte{}
	for _, f := range files {
		if shuffledDir == "" {
			break
		}
		b, err := os.ReadFile(filepath.Join(shuffledDir, f))
		if err != nil {
			fmt.Fprintf(os.Stderr, "jot-bench-go: no keys-shuffled inputs in %s; their rows skipped\n", shuffledDir)
			twins = map[string][]byte{}
			break
		}
		twins[f] = b
	}
	typedOne[TwitterData](cfg, "twitter subset", mustRead(dir, files[0]), twins[files[0]], 81927)
	typedOne[CitmCatalog](cfg, "citm_catalog", mustRead(dir, files[1]), twins[files[1]], 496682)
	typedOne[RPCCall](cfg, "rpc sample", mustRead(dir, files[2]), twins[files[2]], 0)
	typedOne[BidRequest](cfg, "openrtb banner", mustRead(dir, files[3]), twins[files[3]], 0)
	typedOne[BidRequest](cfg, "openrtb video_app", mustRead(dir, files[4]), twins[files[4]], 0)
}
