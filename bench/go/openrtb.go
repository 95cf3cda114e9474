// OpenRTB 2.5 bid requests (data/README.md): optional scalars are pointers,
// every ext is kept as raw JSON, every other key is skipped.
package main

import "encoding/json"

type RTBFormat struct {
	W int `json:"w"`
	H int `json:"h"`
}

type RTBBanner struct {
	W      *int            `json:"w,omitempty"`
	H      *int            `json:"h,omitempty"`
	Pos    *int            `json:"pos,omitempty"`
	Format []RTBFormat     `json:"format,omitempty"`
	Ext    json.RawMessage `json:"ext,omitempty"`
}

type RTBVideo struct {
	Mimes       []string        `json:"mimes"`
	MinDuration *int            `json:"minduration,omitempty"`
	MaxDuration *int            `json:"maxduration,omitempty"`
	Protocols   []int           `json:"protocols,omitempty"`
	W           *int            `json:"w,omitempty"`
	H           *int            `json:"h,omitempty"`
	Ext         json.RawMessage `json:"ext,omitempty"`
}

type RTBDeal struct {
	ID       string          `json:"id"`
	BidFloor *float64        `json:"bidfloor,omitempty"`
	At       *int            `json:"at,omitempty"`
	Ext      json.RawMessage `json:"ext,omitempty"`
}

type RTBPmp struct {
	PrivateAuction *int            `json:"private_auction,omitempty"`
	Deals          []RTBDeal       `json:"deals,omitempty"`
	Ext            json.RawMessage `json:"ext,omitempty"`
}

type RTBImp struct {
	ID          string          `json:"id"`
	TagID       *string         `json:"tagid,omitempty"`
	BidFloor    *float64        `json:"bidfloor,omitempty"`
	BidFloorCur *string         `json:"bidfloorcur,omitempty"`
	Secure      *int            `json:"secure,omitempty"`
	Banner      *RTBBanner      `json:"banner,omitempty"`
	Video       *RTBVideo       `json:"video,omitempty"`
	Pmp         *RTBPmp         `json:"pmp,omitempty"`
	Ext         json.RawMessage `json:"ext,omitempty"`
}

type RTBPublisher struct {
	ID     *string         `json:"id,omitempty"`
	Name   *string         `json:"name,omitempty"`
	Domain *string         `json:"domain,omitempty"`
	Ext    json.RawMessage `json:"ext,omitempty"`
}

type RTBSite struct {
	ID        *string         `json:"id,omitempty"`
	Name      *string         `json:"name,omitempty"`
	Domain    *string         `json:"domain,omitempty"`
	Cat       []string        `json:"cat,omitempty"`
	Page      *string         `json:"page,omitempty"`
	Ref       *string         `json:"ref,omitempty"`
	Publisher *RTBPublisher   `json:"publisher,omitempty"`
	Ext       json.RawMessage `json:"ext,omitempty"`
}

type RTBApp struct {
	ID        *string         `json:"id,omitempty"`
	Name      *string         `json:"name,omitempty"`
	Bundle    *string         `json:"bundle,omitempty"`
	Cat       []string        `json:"cat,omitempty"`
	Ver       *string         `json:"ver,omitempty"`
	Publisher *RTBPublisher   `json:"publisher,omitempty"`
	Ext       json.RawMessage `json:"ext,omitempty"`
}

type RTBGeo struct {
	Lat     *float64        `json:"lat,omitempty"`
	Lon     *float64        `json:"lon,omitempty"`
	Country *string         `json:"country,omitempty"`
	City    *string         `json:"city,omitempty"`
	Type    *int            `json:"type,omitempty"`
	Ext     json.RawMessage `json:"ext,omitempty"`
}

type RTBDevice struct {
	UA         *string         `json:"ua,omitempty"`
	IP         *string         `json:"ip,omitempty"`
	Geo        *RTBGeo         `json:"geo,omitempty"`
	DeviceType *int            `json:"devicetype,omitempty"`
	OS         *string         `json:"os,omitempty"`
	OSV        *string         `json:"osv,omitempty"`
	Language   *string         `json:"language,omitempty"`
	JS         *int            `json:"js,omitempty"`
	DNT        *int            `json:"dnt,omitempty"`
	Ext        json.RawMessage `json:"ext,omitempty"`
}

type RTBUser struct {
	ID     *string         `json:"id,omitempty"`
	Yob    *int            `json:"yob,omitempty"`
	Gender *string         `json:"gender,omitempty"`
	Ext    json.RawMessage `json:"ext,omitempty"`
}

type RTBRegs struct {
	Coppa *int            `json:"coppa,omitempty"`
	Ext   json.RawMessage `json:"ext,omitempty"`
}

type RTBSource struct {
	FD  *int            `json:"fd,omitempty"`
	TID *string         `json:"tid,omitempty"`
	Ext json.RawMessage `json:"ext,omitempty"`
}

type BidRequest struct {
	ID     string          `json:"id"`
	Imp    []RTBImp        `json:"imp"`
	Site   *RTBSite        `json:"site,omitempty"`
	App    *RTBApp         `json:"app,omitempty"`
	Device *RTBDevice      `json:"device,omitempty"`
	User   *RTBUser        `json:"user,omitempty"`
	At     *int            `json:"at,omitempty"`
	Tmax   *int            `json:"tmax,omitempty"`
	Cur    []string        `json:"cur,omitempty"`
	Bcat   []string        `json:"bcat,omitempty"`
	Badv   []string        `json:"badv,omitempty"`
	Regs   *RTBRegs        `json:"regs,omitempty"`
	Source *RTBSource      `json:"source,omitempty"`
	Ext    json.RawMessage `json:"ext,omitempty"`
}
